CREATE TABLE `community_bans` (
	`community_id` text NOT NULL,
	`user_id` text NOT NULL,
	`banned_by` text,
	`reason` text,
	`content` text DEFAULT 'keep' NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`community_id`, `user_id`),
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`banned_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `community_bans_community_idx` ON `community_bans` (`community_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `community_bans_user_idx` ON `community_bans` (`user_id`);--> statement-breakpoint
CREATE INDEX `community_bans_banned_by_idx` ON `community_bans` (`banned_by`);--> statement-breakpoint
ALTER TABLE `communities` ADD `suspended_at` integer;