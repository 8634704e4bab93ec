ALTER TABLE `notifications` DROP COLUMN `title`;--> statement-breakpoint
-- Notifications are written in the reader's language from their type and data; what these types kept as
-- content was our own English text, not anybody's words, so it goes.
UPDATE `notifications` SET `content` = '' WHERE `type` IN ('COMMUNITY_JOIN', 'COMMUNITY_ROLE_CHANGE', 'SYSTEM_ANNOUNCEMENT', 'COURSE_COMPLETED');
