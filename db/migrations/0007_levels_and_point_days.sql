CREATE TABLE `community_level_names` (
	`community_id` text NOT NULL,
	`level` integer NOT NULL,
	`name` text NOT NULL,
	PRIMARY KEY(`community_id`, `level`),
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `point_days` (
	`community_id` text NOT NULL,
	`user_id` text NOT NULL,
	`day` integer NOT NULL,
	`points` integer NOT NULL,
	PRIMARY KEY(`community_id`, `day`, `user_id`),
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `point_days_period_idx` ON `point_days` (`community_id`,`day`,`user_id`,`points`);--> statement-breakpoint
ALTER TABLE `user_points` ADD `notified_level` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Levels already reached count as announced, so nobody is told about an old level at their next point.
UPDATE `user_points` SET `notified_level` = (CASE WHEN points >= 33015 THEN 9 WHEN points >= 8015 THEN 8 WHEN points >= 2015 THEN 7 WHEN points >= 515 THEN 6 WHEN points >= 155 THEN 5 WHEN points >= 65 THEN 4 WHEN points >= 20 THEN 3 WHEN points >= 5 THEN 2 ELSE 1 END);--> statement-breakpoint
INSERT INTO `point_days` (`community_id`, `user_id`, `day`, `points`)
	SELECT community_id, user_id, created_at / 86400000, sum(amount) FROM point_events GROUP BY community_id, user_id, created_at / 86400000;
