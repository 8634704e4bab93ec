-- The all-time leaderboard reads user_points in rank order, members only: a top is the index's first
-- rows and a rank a count of its entries above, with no lookup per row. Whether a row's person is still
-- a member is kept by triggers, so every write path (the API, cascades, SQL run by hand) keeps it.
-- A migration that recreates user_points or community_members drops these triggers: it must create
-- them again and recompute is_member (the UPDATE below).
DROP INDEX `user_points_leaderboard_idx`;--> statement-breakpoint
ALTER TABLE `user_points` ADD `is_member` integer DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE `user_points` SET `is_member` = EXISTS (SELECT 1 FROM `community_members` m
  WHERE m.community_id = `user_points`.community_id AND m.profile_id = `user_points`.user_id);--> statement-breakpoint
CREATE INDEX `user_points_rank_idx` ON `user_points` (`community_id`,"points" desc,`user_id`,`is_member`) WHERE is_member = 1;--> statement-breakpoint
CREATE TRIGGER `user_points_member_joined` AFTER INSERT ON `community_members` BEGIN
  UPDATE user_points SET is_member = 1 WHERE user_id = new.profile_id AND community_id = new.community_id;
END;--> statement-breakpoint
CREATE TRIGGER `user_points_member_left` AFTER DELETE ON `community_members` BEGIN
  UPDATE user_points SET is_member = 0 WHERE user_id = old.profile_id AND community_id = old.community_id;
END;--> statement-breakpoint
CREATE TRIGGER `user_points_first_row` AFTER INSERT ON `user_points` BEGIN
  UPDATE user_points SET is_member = EXISTS (SELECT 1 FROM community_members m
    WHERE m.community_id = new.community_id AND m.profile_id = new.user_id)
  WHERE user_id = new.user_id AND community_id = new.community_id;
END;
