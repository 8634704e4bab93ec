CREATE TABLE `community_metric_days` (
	`community_id` text NOT NULL,
	`day` integer NOT NULL,
	`joins` integer DEFAULT 0 NOT NULL,
	`leaves` integer DEFAULT 0 NOT NULL,
	`members` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT 0 NOT NULL,
	`active_30` integer DEFAULT 0 NOT NULL,
	`posts` integer DEFAULT 0 NOT NULL,
	`comments` integer DEFAULT 0 NOT NULL,
	`likes` integer DEFAULT 0 NOT NULL,
	`messages` integer DEFAULT 0 NOT NULL,
	`lessons` integer DEFAULT 0 NOT NULL,
	`attendances` integer DEFAULT 0 NOT NULL,
	`paid_members` integer DEFAULT 0 NOT NULL,
	`mrr` integer DEFAULT 0 NOT NULL,
	`churned` integer DEFAULT 0 NOT NULL,
	`revenue` integer DEFAULT 0 NOT NULL,
	`refunds` integer DEFAULT 0 NOT NULL,
	`enrolled` integer DEFAULT 0 NOT NULL,
	`started` integer DEFAULT 0 NOT NULL,
	`finished` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`community_id`, `day`),
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `community_member_days` (
	`community_id` text NOT NULL,
	`day` integer NOT NULL,
	`user_id` text NOT NULL,
	`posts` integer DEFAULT 0 NOT NULL,
	`comments` integer DEFAULT 0 NOT NULL,
	`actions` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`community_id`, `day`, `user_id`),
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `community_member_days_period_idx` ON `community_member_days` (`community_id`,`day`,`user_id`,`posts`,`comments`);
