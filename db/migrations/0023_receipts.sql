CREATE TABLE `receipts` (
	`id` text PRIMARY KEY NOT NULL,
	`number` integer NOT NULL,
	`order_id` text NOT NULL,
	`user_id` text,
	`community_id` text,
	`community_name` text,
	`kind` text NOT NULL,
	`item` text NOT NULL,
	`plan` text,
	`period_start` integer,
	`period_end` integer,
	`amount` integer NOT NULL,
	`currency` text DEFAULT 'GEL' NOT NULL,
	`card_type` text,
	`last_four` text,
	`refund_key` text,
	`refunded_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`refunded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_number_unique` ON `receipts` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_one_charge` ON `receipts` (`order_id`) WHERE "receipts"."kind" = 'charge';--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_refund_key_unique` ON `receipts` (`order_id`,`refund_key`) WHERE "receipts"."kind" = 'refund' and "receipts"."refund_key" is not null;--> statement-breakpoint
CREATE INDEX `receipts_user_idx` ON `receipts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `receipts_community_idx` ON `receipts` (`community_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `receipts_order_idx` ON `receipts` (`order_id`);--> statement-breakpoint
CREATE INDEX `receipts_refunded_by_idx` ON `receipts` (`refunded_by`);
