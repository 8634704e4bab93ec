DROP INDEX `reports_community_queue_idx`;--> statement-breakpoint
ALTER TABLE `reports` ADD `target_author_id` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `reports` ADD `community_status` text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE `reports` ADD `community_handled_by` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `reports` ADD `community_handled_at` integer;--> statement-breakpoint
-- Until now one decision closed both queues, so the community's queue starts where that decision left it.
UPDATE `reports` SET `community_status` = `status`, `community_handled_by` = `handled_by`, `community_handled_at` = `handled_at`;--> statement-breakpoint
UPDATE `reports` SET `target_author_id` = (SELECT `author_id` FROM `posts` WHERE `posts`.`id` = `reports`.`target_id`) WHERE `target_kind` = 'post';--> statement-breakpoint
UPDATE `reports` SET `target_author_id` = (SELECT `author_id` FROM `post_comments` WHERE `post_comments`.`id` = `reports`.`target_id`) WHERE `target_kind` = 'comment';--> statement-breakpoint
UPDATE `reports` SET `target_author_id` = (SELECT `sender_id` FROM `messages` WHERE `messages`.`id` = `reports`.`target_id`) WHERE `target_kind` = 'message';--> statement-breakpoint
CREATE INDEX `reports_community_queue_idx` ON `reports` (`community_id`,`community_status`,`created_at`);
