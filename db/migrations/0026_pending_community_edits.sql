ALTER TABLE `communities` ADD `pending_edit` text;--> statement-breakpoint
ALTER TABLE `communities` ADD `pending_edit_at` integer;--> statement-breakpoint
CREATE INDEX `communities_pending_edit_idx` ON `communities` (`pending_edit_at`,`id`) WHERE "communities"."pending_edit_at" is not null;
