CREATE TABLE `notification_mail_queue` (
	`id` text PRIMARY KEY NOT NULL,
	`recipient_id` text NOT NULL,
	`sender_id` text,
	`community_id` text,
	`type` text NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`post_id` text,
	`comment_id` text,
	`event_id` text,
	`course_id` text,
	`conversation_id` text,
	`data` text,
	`thread` text NOT NULL,
	`claim` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`recipient_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notification_mail_queue_recipient_idx` ON `notification_mail_queue` (`recipient_id`,`thread`);--> statement-breakpoint
CREATE INDEX `notification_mail_queue_claim_idx` ON `notification_mail_queue` (`claim`);--> statement-breakpoint
CREATE TABLE `notification_mail_threads` (
	`recipient_id` text NOT NULL,
	`thread` text NOT NULL,
	`sent_at` integer NOT NULL,
	`claim` text NOT NULL,
	PRIMARY KEY(`recipient_id`, `thread`),
	FOREIGN KEY (`recipient_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notification_mail_threads_sent_idx` ON `notification_mail_threads` (`sent_at`);--> statement-breakpoint
CREATE TABLE `notification_type_preferences` (
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`in_app` integer DEFAULT true NOT NULL,
	`email` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `type`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `headers` text;--> statement-breakpoint
ALTER TABLE `notification_preferences` ADD `email_digest` integer DEFAULT false NOT NULL;