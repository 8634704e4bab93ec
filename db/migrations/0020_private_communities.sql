CREATE TABLE `membership_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`community_id` text NOT NULL,
	`user_id` text NOT NULL,
	`answers` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`reason` text,
	`decided_by` text,
	`decided_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `membership_requests_one_pending` ON `membership_requests` (`community_id`,`user_id`) WHERE "membership_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX `membership_requests_queue_idx` ON `membership_requests` (`community_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `membership_requests_user_idx` ON `membership_requests` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `membership_requests_decided_by_idx` ON `membership_requests` (`decided_by`);--> statement-breakpoint
ALTER TABLE `communities` ADD `visibility` text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE `communities` ADD `hidden_from_explore` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `communities` ADD `membership_questions` text DEFAULT '[]' NOT NULL;