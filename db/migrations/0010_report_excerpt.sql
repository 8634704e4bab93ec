ALTER TABLE `reports` ADD `excerpt` text;--> statement-breakpoint
-- Reports filed before: their evidence is what the content says now.
UPDATE `reports` SET `excerpt` = substr(CASE `target_kind`
	WHEN 'post' THEN (SELECT `content` FROM `posts` WHERE `id` = `reports`.`target_id`)
	WHEN 'comment' THEN (SELECT `content` FROM `post_comments` WHERE `id` = `reports`.`target_id`)
	WHEN 'message' THEN (SELECT `content` FROM `messages` WHERE `id` = `reports`.`target_id`)
END, 1, 200);
