DROP INDEX `messages_conversation_idx`;--> statement-breakpoint
ALTER TABLE `messages` ADD `seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `messages` ADD `version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing messages take their places in send order before the unique index holds them there.
UPDATE `messages` SET `seq` = r.rn, `version` = r.rn
FROM (SELECT `id`, row_number() OVER (PARTITION BY `conversation_id` ORDER BY `created_at`, `id`) AS rn FROM `messages`) AS r
WHERE r.`id` = `messages`.`id`;--> statement-breakpoint
CREATE UNIQUE INDEX `messages_conversation_seq_unique` ON `messages` (`conversation_id`,`seq`);--> statement-breakpoint
CREATE INDEX `messages_conversation_version_idx` ON `messages` (`conversation_id`,`version`);--> statement-breakpoint
ALTER TABLE `conversation_participants` ADD `last_read_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `conversations` ADD `version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `conversations` SET `version` = (SELECT coalesce(max(`seq`), 0) FROM `messages` WHERE `conversation_id` = `conversations`.`id`);--> statement-breakpoint
UPDATE `conversation_participants` SET `last_read_seq` = (
  SELECT coalesce(max(m.`seq`), 0) FROM `messages` m
  WHERE m.`conversation_id` = `conversation_participants`.`conversation_id`
    AND m.`created_at` <= coalesce(`conversation_participants`.`last_read_at`, 0)
);
