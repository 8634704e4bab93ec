CREATE TABLE `community_broadcasts` (
	`id` text PRIMARY KEY NOT NULL,
	`community_id` text NOT NULL,
	`sender_id` text,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`segment` text NOT NULL,
	`min_level` integer,
	`status` text DEFAULT 'queued' NOT NULL,
	`recipients` integer DEFAULT 0 NOT NULL,
	`sent` integer DEFAULT 0 NOT NULL,
	`skipped` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	`cursor` text DEFAULT '' NOT NULL,
	`claim` text,
	`created_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `community_broadcasts_community_idx` ON `community_broadcasts` (`community_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `community_broadcasts_status_idx` ON `community_broadcasts` (`status`,`created_at`);
