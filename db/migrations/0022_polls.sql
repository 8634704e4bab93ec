CREATE TABLE `post_polls` (
	`post_id` text PRIMARY KEY NOT NULL,
	`multiple_choice` integer DEFAULT false NOT NULL,
	`closes_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `post_poll_options` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`position` integer NOT NULL,
	`text` text NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `post_polls`(`post_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_poll_options_post_idx` ON `post_poll_options` (`post_id`,`position`);--> statement-breakpoint
CREATE TABLE `post_poll_votes` (
	`option_id` text NOT NULL,
	`user_id` text NOT NULL,
	`post_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`option_id`, `user_id`),
	FOREIGN KEY (`option_id`) REFERENCES `post_poll_options`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `post_polls`(`post_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_poll_votes_post_user_idx` ON `post_poll_votes` (`post_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `post_poll_votes_user_idx` ON `post_poll_votes` (`user_id`);
