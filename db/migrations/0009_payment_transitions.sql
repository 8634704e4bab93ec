ALTER TABLE `payment_orders` ADD `period_start` integer;--> statement-breakpoint
ALTER TABLE `payment_orders` ADD `transition_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `payment_orders_renewal_period_unique` ON `payment_orders` (`subscription_id`,`period_start`) WHERE "payment_orders"."kind" = 'renewal' and "payment_orders"."status" in ('created', 'processing', 'approved');--> statement-breakpoint
ALTER TABLE `user_subscriptions` ADD `renewal_failures` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `user_subscriptions` ADD `retry_at` integer;