CREATE TABLE `calendar_feeds` (
	`user_id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token_hash_unique` ON `calendar_feeds` (`token_hash`);--> statement-breakpoint
ALTER TABLE `classroom_courses` ADD `required_level` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `classroom_courses` ADD `published` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `classroom_courses` ADD `position` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `classroom_courses_position_idx` ON `classroom_courses` (`community_id`,`position`);--> statement-breakpoint
ALTER TABLE `video_progress` ADD `position_seconds` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `community_events` ADD `time_zone` text DEFAULT 'UTC' NOT NULL;