ALTER TABLE `classroom_courses` ADD `required_level` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `classroom_courses` ADD `published` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `classroom_courses` ADD `position` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `classroom_courses_position_idx` ON `classroom_courses` (`community_id`,`position`);--> statement-breakpoint
ALTER TABLE `video_progress` ADD `position_seconds` integer DEFAULT 0 NOT NULL;