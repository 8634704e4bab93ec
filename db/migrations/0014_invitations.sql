CREATE TABLE `community_invitations` (
	`community_id` text NOT NULL,
	`invitee_id` text NOT NULL,
	`inviter_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	`responded_at` integer,
	PRIMARY KEY(`community_id`, `invitee_id`),
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invitee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`inviter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `community_invitations_invitee_idx` ON `community_invitations` (`invitee_id`);--> statement-breakpoint
CREATE TABLE `community_invite_links` (
	`id` text PRIMARY KEY NOT NULL,
	`community_id` text NOT NULL,
	`token` text NOT NULL,
	`created_by` text,
	`expires_at` integer,
	`max_uses` integer,
	`uses_count` integer DEFAULT 0 NOT NULL,
	`revoked_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `community_invite_links_token_unique` ON `community_invite_links` (`token`);--> statement-breakpoint
CREATE INDEX `community_invite_links_community_idx` ON `community_invite_links` (`community_id`,`created_at`);