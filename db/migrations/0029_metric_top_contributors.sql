CREATE TABLE `community_top_contributors` (
	`community_id` text NOT NULL,
	`days` integer NOT NULL,
	`rank` integer NOT NULL,
	`user_id` text NOT NULL,
	`posts` integer DEFAULT 0 NOT NULL,
	`comments` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`community_id`, `days`, `rank`),
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `community_top_contributors_user_idx` ON `community_top_contributors` (`user_id`);