CREATE TABLE `support_ticket_replies` (
	`id` text PRIMARY KEY NOT NULL,
	`ticket_id` text NOT NULL,
	`author_id` text,
	`from_staff` integer DEFAULT false NOT NULL,
	`message` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `support_tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `support_ticket_replies_ticket_idx` ON `support_ticket_replies` (`ticket_id`,`created_at`);--> statement-breakpoint
DROP INDEX `support_tickets_user_idx`;--> statement-breakpoint
DROP INDEX `support_tickets_queue_idx`;--> statement-breakpoint
ALTER TABLE `support_tickets` ADD `replies_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `support_tickets` ADD `last_activity_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `support_tickets_user_activity_idx` ON `support_tickets` (`user_id`,`last_activity_at`);--> statement-breakpoint
CREATE INDEX `support_tickets_activity_idx` ON `support_tickets` (`status`,`last_activity_at`);--> statement-breakpoint
UPDATE `support_tickets` SET `last_activity_at` = `updated_at`, `status` = CASE `status` WHEN 'in_progress' THEN 'answered' WHEN 'resolved' THEN 'closed' ELSE `status` END;
