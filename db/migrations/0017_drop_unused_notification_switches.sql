ALTER TABLE `notification_preferences` DROP COLUMN `email_notifications`;--> statement-breakpoint
ALTER TABLE `notification_preferences` DROP COLUMN `push_notifications`;