ALTER TABLE `community_metric_days` ADD `observed` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Rows written before this column: a community's first run stamped every day it filled in from history
-- with its own time, and those days are never re-run, so the days from that run's day on were observed.
UPDATE `community_metric_days` SET `observed` = 1 WHERE `day` >= (
  SELECT min(`m`.`updated_at`) / 86400000 FROM `community_metric_days` `m` WHERE `m`.`community_id` = `community_metric_days`.`community_id`
);
