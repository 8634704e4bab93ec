CREATE TABLE `accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`account_id` text NOT NULL,
	`provider_id` text NOT NULL,
	`access_token` text,
	`refresh_token` text,
	`id_token` text,
	`access_token_expires_at` integer,
	`refresh_token_expires_at` integer,
	`scope` text,
	`password` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `accounts_user_idx` ON `accounts` (`user_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`token` text NOT NULL,
	`expires_at` integer NOT NULL,
	`ip_address` text,
	`user_agent` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_token_unique` ON `sessions` (`token`);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`email_verified` integer DEFAULT false NOT NULL,
	`full_name` text DEFAULT '' NOT NULL,
	`avatar_url` text,
	`username` text,
	`cover_url` text,
	`profession` text,
	`location` text,
	`website` text,
	`bio` text,
	`birth_date` text,
	`phone` text,
	`platform_role` text,
	`deletion_requested_at` integer,
	`deletion_scheduled_at` integer,
	`deletion_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);--> statement-breakpoint
CREATE INDEX `users_deletion_scheduled_idx` ON `users` (`deletion_scheduled_at`);--> statement-breakpoint
CREATE INDEX `users_full_name_idx` ON `users` (`full_name`);--> statement-breakpoint
CREATE TABLE `verifications` (
	`id` text PRIMARY KEY NOT NULL,
	`identifier` text NOT NULL,
	`value` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `verifications_identifier_idx` ON `verifications` (`identifier`);--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`user_id` text NOT NULL,
	`key` text NOT NULL,
	`scope` text NOT NULL,
	`response_status` integer NOT NULL,
	`response_body` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `scope`, `key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `idempotency_created_idx` ON `idempotency_keys` (`created_at`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_to_created_idx` ON `mail_outbox` (`to`,`created_at`);--> statement-breakpoint
CREATE INDEX `mail_outbox_created_idx` ON `mail_outbox` (`created_at`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limits_window_idx` ON `rate_limits` (`window_start`);--> statement-breakpoint
CREATE TABLE `communities` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`phone_number` text,
	`cover_video_url` text,
	`category_key` text NOT NULL,
	`image_urls` text DEFAULT '[]' NOT NULL,
	`is_paid` integer DEFAULT false NOT NULL,
	`price` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'GEL' NOT NULL,
	`payment_type` text,
	`subscription_interval` text,
	`target_audience` text DEFAULT '[]' NOT NULL,
	`subscription_plan` text DEFAULT 'free' NOT NULL,
	`plan_features` text DEFAULT '[]' NOT NULL,
	`plan_limits` text DEFAULT '{"maxMembers":100}' NOT NULL,
	`creator_id` text,
	`review_status` text DEFAULT 'under_review' NOT NULL,
	`rejection_reason` text,
	`submitted_for_review_at` integer,
	`reviewed_at` integer,
	`reviewed_by` text,
	`archived` integer DEFAULT false NOT NULL,
	`members_count` integer DEFAULT 0 NOT NULL,
	`posts_count` integer DEFAULT 0 NOT NULL,
	`events_count` integer DEFAULT 0 NOT NULL,
	`courses_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`creator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reviewed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `communities_explore_members_idx` ON `communities` (`review_status`,`archived`,`members_count`,`id`);--> statement-breakpoint
CREATE INDEX `communities_explore_created_idx` ON `communities` (`review_status`,`archived`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `communities_explore_price_idx` ON `communities` (`review_status`,`archived`,`price`,`id`);--> statement-breakpoint
CREATE INDEX `communities_explore_cat_members_idx` ON `communities` (`review_status`,`archived`,`category_key`,`members_count`,`id`);--> statement-breakpoint
CREATE INDEX `communities_explore_cat_created_idx` ON `communities` (`review_status`,`archived`,`category_key`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `communities_explore_cat_price_idx` ON `communities` (`review_status`,`archived`,`category_key`,`price`,`id`);--> statement-breakpoint
CREATE INDEX `communities_name_nocase_idx` ON `communities` ("name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `communities_creator_idx` ON `communities` (`creator_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `communities_review_queue_idx` ON `communities` (`review_status`,`submitted_for_review_at`);--> statement-breakpoint
CREATE TABLE `community_members` (
	`community_id` text NOT NULL,
	`profile_id` text NOT NULL,
	`role` text DEFAULT 'member' NOT NULL,
	`joined_at` integer NOT NULL,
	`access_until` integer,
	`subscription_id` text,
	PRIMARY KEY(`community_id`, `profile_id`),
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`profile_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `community_members_joined_idx` ON `community_members` (`community_id`,`joined_at`);--> statement-breakpoint
CREATE INDEX `community_members_profile_idx` ON `community_members` (`profile_id`,`joined_at`);--> statement-breakpoint
CREATE INDEX `community_members_subscription_idx` ON `community_members` (`subscription_id`);--> statement-breakpoint
CREATE TABLE `community_topics` (
	`id` text PRIMARY KEY NOT NULL,
	`community_id` text NOT NULL,
	`name` text NOT NULL,
	`color` text NOT NULL,
	`posts_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `community_topics_name_unique` ON `community_topics` (`community_id`,`name`);--> statement-breakpoint
CREATE TABLE `comment_likes` (
	`comment_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`comment_id`, `user_id`),
	FOREIGN KEY (`comment_id`) REFERENCES `post_comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `comment_likes_user_idx` ON `comment_likes` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `post_comments` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`author_id` text,
	`parent_comment_id` text,
	`content` text NOT NULL,
	`likes_count` integer DEFAULT 0 NOT NULL,
	`replies_count` integer DEFAULT 0 NOT NULL,
	`edited_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`parent_comment_id`) REFERENCES `post_comments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_comments_thread_idx` ON `post_comments` (`post_id`,`parent_comment_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `post_comments_parent_idx` ON `post_comments` (`parent_comment_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `post_comments_author_idx` ON `post_comments` (`author_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `post_likes` (
	`post_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`post_id`, `user_id`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_likes_user_idx` ON `post_likes` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `posts` (
	`id` text PRIMARY KEY NOT NULL,
	`community_id` text NOT NULL,
	`author_id` text,
	`headline` text,
	`content` text NOT NULL,
	`image_urls` text,
	`topic_id` text,
	`likes_count` integer DEFAULT 0 NOT NULL,
	`comments_count` integer DEFAULT 0 NOT NULL,
	`pinned_at` integer,
	`edited_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`topic_id`) REFERENCES `community_topics`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `posts_feed_idx` ON `posts` (`community_id`,`pinned_at`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `posts_topic_feed_idx` ON `posts` (`community_id`,`topic_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `posts_author_idx` ON `posts` (`author_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`recipient_id` text NOT NULL,
	`sender_id` text,
	`community_id` text,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`post_id` text,
	`comment_id` text,
	`event_id` text,
	`course_id` text,
	`conversation_id` text,
	`data` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`recipient_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_recipient_idx` ON `notifications` (`recipient_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_recipient_community_idx` ON `notifications` (`recipient_id`,`community_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`recipient_id`,`is_read`);--> statement-breakpoint
CREATE TABLE `conversation_participants` (
	`conversation_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text DEFAULT 'member' NOT NULL,
	`joined_at` integer NOT NULL,
	`last_read_at` integer,
	`unread_count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`conversation_id`, `user_id`),
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `conversation_participants_user_idx` ON `conversation_participants` (`user_id`,`conversation_id`);--> statement-breakpoint
CREATE TABLE `conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`name` text,
	`description` text,
	`community_id` text,
	`direct_key` text,
	`member_count` integer DEFAULT 0 NOT NULL,
	`created_by` text,
	`last_message_id` text,
	`last_message_preview` text,
	`last_message_sender_id` text,
	`last_message_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_direct_key_unique` ON `conversations` (`direct_key`);--> statement-breakpoint
CREATE INDEX `conversations_community_type_idx` ON `conversations` (`community_id`,`type`,`last_message_at`);--> statement-breakpoint
CREATE INDEX `conversations_last_message_idx` ON `conversations` (`last_message_at`);--> statement-breakpoint
CREATE TABLE `message_reactions` (
	`message_id` text NOT NULL,
	`user_id` text NOT NULL,
	`emoji` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`message_id`, `user_id`, `emoji`),
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `message_reactions_user_idx` ON `message_reactions` (`user_id`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`sender_id` text,
	`content` text DEFAULT '' NOT NULL,
	`message_type` text DEFAULT 'text' NOT NULL,
	`file_url` text,
	`reply_to_id` text,
	`is_edited` integer DEFAULT false NOT NULL,
	`is_deleted` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `messages_conversation_idx` ON `messages` (`conversation_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `messages_sender_idx` ON `messages` (`sender_id`);--> statement-breakpoint
CREATE TABLE `classroom_courses` (
	`id` text PRIMARY KEY NOT NULL,
	`community_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`image_url` text,
	`created_by` text,
	`videos_count` integer DEFAULT 0 NOT NULL,
	`enrollments_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `classroom_courses_community_idx` ON `classroom_courses` (`community_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `course_enrollments` (
	`course_id` text NOT NULL,
	`user_id` text NOT NULL,
	`enrolled_at` integer NOT NULL,
	`completed_at` integer,
	PRIMARY KEY(`course_id`, `user_id`),
	FOREIGN KEY (`course_id`) REFERENCES `classroom_courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `course_enrollments_user_idx` ON `course_enrollments` (`user_id`,`enrolled_at`);--> statement-breakpoint
CREATE TABLE `course_videos` (
	`id` text PRIMARY KEY NOT NULL,
	`course_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`video_url` text NOT NULL,
	`video_duration` integer DEFAULT 0 NOT NULL,
	`order_index` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `classroom_courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `course_videos_order_idx` ON `course_videos` (`course_id`,`order_index`);--> statement-breakpoint
CREATE TABLE `video_progress` (
	`user_id` text NOT NULL,
	`video_id` text NOT NULL,
	`course_id` text NOT NULL,
	`is_completed` integer DEFAULT false NOT NULL,
	`completed_at` integer,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `video_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`video_id`) REFERENCES `course_videos`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `classroom_courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `video_progress_user_course_idx` ON `video_progress` (`user_id`,`course_id`);--> statement-breakpoint
CREATE INDEX `video_progress_video_idx` ON `video_progress` (`video_id`);--> statement-breakpoint
CREATE TABLE `community_events` (
	`id` text PRIMARY KEY NOT NULL,
	`community_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`location` text NOT NULL,
	`start_time` integer NOT NULL,
	`end_time` integer NOT NULL,
	`event_type` text DEFAULT 'Other' NOT NULL,
	`created_by` text,
	`image_url` text,
	`event_url` text,
	`attendees_count` integer DEFAULT 0 NOT NULL,
	`reminded_24h_at` integer,
	`reminded_1h_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `community_events_start_idx` ON `community_events` (`community_id`,`start_time`);--> statement-breakpoint
CREATE INDEX `community_events_reminder_idx` ON `community_events` (`start_time`);--> statement-breakpoint
CREATE TABLE `event_attendees` (
	`event_id` text NOT NULL,
	`profile_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`event_id`, `profile_id`),
	FOREIGN KEY (`event_id`) REFERENCES `community_events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`profile_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `event_attendees_profile_idx` ON `event_attendees` (`profile_id`,`event_id`);--> statement-breakpoint
CREATE TABLE `point_events` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`community_id` text NOT NULL,
	`amount` integer NOT NULL,
	`reason` text NOT NULL,
	`source_kind` text NOT NULL,
	`source_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `point_events_source_unique` ON `point_events` (`user_id`,`community_id`,`reason`,`source_kind`,`source_id`);--> statement-breakpoint
CREATE INDEX `point_events_community_created_idx` ON `point_events` (`community_id`,`created_at`,`user_id`,`amount`);--> statement-breakpoint
CREATE INDEX `point_events_user_community_idx` ON `point_events` (`user_id`,`community_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `user_points` (
	`user_id` text NOT NULL,
	`community_id` text NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `community_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_points_leaderboard_idx` ON `user_points` (`community_id`,`points`);--> statement-breakpoint
CREATE TABLE `payment_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`provider_order_id` text,
	`user_id` text,
	`community_id` text,
	`payment_method_id` text,
	`subscription_id` text,
	`plan` text,
	`kind` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text DEFAULT 'GEL' NOT NULL,
	`status` text DEFAULT 'created' NOT NULL,
	`status_history` text DEFAULT '[]' NOT NULL,
	`save_card` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`payment_method_id`) REFERENCES `user_payment_methods`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_orders_provider_order_unique` ON `payment_orders` (`provider_order_id`);--> statement-breakpoint
CREATE INDEX `payment_orders_user_idx` ON `payment_orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payment_orders_subscription_idx` ON `payment_orders` (`subscription_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payment_orders_status_idx` ON `payment_orders` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `payment_orders_community_idx` ON `payment_orders` (`community_id`);--> statement-breakpoint
CREATE INDEX `payment_orders_payment_method_idx` ON `payment_orders` (`payment_method_id`);--> statement-breakpoint
CREATE TABLE `user_payment_methods` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`provider` text DEFAULT 'flitt' NOT NULL,
	`rectoken` text NOT NULL,
	`rectoken_lifetime` integer,
	`card_type` text,
	`masked_card` text NOT NULL,
	`last_four` text NOT NULL,
	`expiry_month` integer,
	`expiry_year` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_payment_methods_user_idx` ON `user_payment_methods` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `user_payment_methods_one_default` ON `user_payment_methods` (`user_id`) WHERE "user_payment_methods"."is_default" = 1 AND "user_payment_methods"."is_active" = 1;--> statement-breakpoint
CREATE TABLE `user_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`community_id` text NOT NULL,
	`subscription_type` text DEFAULT 'community' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`amount` integer NOT NULL,
	`currency` text DEFAULT 'GEL' NOT NULL,
	`interval` text DEFAULT 'monthly' NOT NULL,
	`payment_method_id` text,
	`last_order_id` text,
	`current_period_start` integer NOT NULL,
	`current_period_end` integer NOT NULL,
	`cancelled_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payment_method_id`) REFERENCES `user_payment_methods`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `user_subscriptions_user_idx` ON `user_subscriptions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `user_subscriptions_community_user_idx` ON `user_subscriptions` (`community_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `user_subscriptions_due_idx` ON `user_subscriptions` (`status`,`current_period_end`);--> statement-breakpoint
CREATE INDEX `user_subscriptions_payment_method_idx` ON `user_subscriptions` (`payment_method_id`);--> statement-breakpoint
CREATE TABLE `blocked_users` (
	`blocker_id` text NOT NULL,
	`blocked_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`blocker_id`, `blocked_id`),
	FOREIGN KEY (`blocker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blocked_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `blocked_users_blocked_idx` ON `blocked_users` (`blocked_id`,`blocker_id`);--> statement-breakpoint
CREATE TABLE `notification_preferences` (
	`user_id` text PRIMARY KEY NOT NULL,
	`email_notifications` integer DEFAULT true NOT NULL,
	`push_notifications` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `support_tickets` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`priority` text DEFAULT 'medium' NOT NULL,
	`category` text DEFAULT 'general' NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`handled_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`handled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `support_tickets_user_idx` ON `support_tickets` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `support_tickets_queue_idx` ON `support_tickets` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `reports` (
	`id` text PRIMARY KEY NOT NULL,
	`reporter_id` text,
	`community_id` text,
	`target_kind` text NOT NULL,
	`target_id` text NOT NULL,
	`reason` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`handled_by` text,
	`handled_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`handled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `reports_queue_idx` ON `reports` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_community_queue_idx` ON `reports` (`community_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_target_idx` ON `reports` (`target_kind`,`target_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `reports_reporter_target_unique` ON `reports` (`reporter_id`,`target_kind`,`target_id`);--> statement-breakpoint
CREATE TABLE `uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`r2_key` text NOT NULL,
	`owner_id` text NOT NULL,
	`purpose` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`width` integer,
	`height` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uploads_r2_key_unique` ON `uploads` (`r2_key`);--> statement-breakpoint
CREATE INDEX `uploads_owner_idx` ON `uploads` (`owner_id`,`created_at`);