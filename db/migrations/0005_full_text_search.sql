-- Full-text search: one FTS5 index per searchable kind, kept in step by triggers, so every write path
-- (the API, the seed, cascaded deletes, SQL run by hand) updates the index in the same statement.
--
-- Each index row has the rowid of its source row (for the triggers) and the source id (reads join the
-- source table by id, so a stale index row can never show deleted or foreign content).
-- A migration that recreates a source table drops these triggers and renumbers rowids: it must create
-- them again and rebuild that index (DELETE FROM x_fts, then the INSERT ... SELECT below).
--
-- Text: unicode61 folds case (Latin, Cyrillic, Greek ...) and strips Latin diacritics. It does not fold
-- the Russian yo into ye, so the text is indexed with yo written as ye and queries do the same.
-- The prefix indexes make as-you-type queries of 2 and 3 characters one lookup.
--
-- scope: the community ids (hex, one token each) a row belongs to. A search puts the viewer's own
-- communities into the MATCH, so FTS5 only walks matches the viewer may see, however large the rest
-- of the platform grows.

CREATE VIRTUAL TABLE `communities_fts` USING fts5(
	name, description, audience, id UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `posts_fts` USING fts5(
	headline, content, scope, id UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `comments_fts` USING fts5(
	content, scope, id UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `people_fts` USING fts5(
	name, profession, scope, id UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `events_fts` USING fts5(
	title, description, scope, id UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `courses_fts` USING fts5(
	title, description, scope, id UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
--> statement-breakpoint

-- Communities: name, description and the target-audience tags (a JSON array of strings).
CREATE TRIGGER `communities_fts_insert` AFTER INSERT ON `communities` BEGIN
	INSERT INTO communities_fts (rowid, name, description, audience, id) VALUES (
		new.rowid,
		replace(replace(new.name, 'ё', 'е'), 'Ё', 'Е'),
		replace(replace(new.description, 'ё', 'е'), 'Ё', 'Е'),
		replace(replace(coalesce(CASE WHEN json_valid(new.target_audience) THEN (SELECT group_concat(value, ' ') FROM json_each(new.target_audience)) END, ''), 'ё', 'е'), 'Ё', 'Е'),
		new.id
	);
END;
--> statement-breakpoint
CREATE TRIGGER `communities_fts_update` AFTER UPDATE OF name, description, target_audience ON `communities` BEGIN
	UPDATE communities_fts SET
		name = replace(replace(new.name, 'ё', 'е'), 'Ё', 'Е'),
		description = replace(replace(new.description, 'ё', 'е'), 'Ё', 'Е'),
		audience = replace(replace(coalesce(CASE WHEN json_valid(new.target_audience) THEN (SELECT group_concat(value, ' ') FROM json_each(new.target_audience)) END, ''), 'ё', 'е'), 'Ё', 'Е')
	WHERE rowid = new.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `communities_fts_delete` AFTER DELETE ON `communities` BEGIN
	DELETE FROM communities_fts WHERE rowid = old.rowid;
END;
--> statement-breakpoint

-- Posts: headline and content, scoped to their community.
CREATE TRIGGER `posts_fts_insert` AFTER INSERT ON `posts` BEGIN
	INSERT INTO posts_fts (rowid, headline, content, scope, id) VALUES (
		new.rowid,
		replace(replace(coalesce(new.headline, ''), 'ё', 'е'), 'Ё', 'Е'),
		replace(replace(new.content, 'ё', 'е'), 'Ё', 'Е'),
		hex(new.community_id),
		new.id
	);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_update` AFTER UPDATE OF headline, content ON `posts` BEGIN
	UPDATE posts_fts SET
		headline = replace(replace(coalesce(new.headline, ''), 'ё', 'е'), 'Ё', 'Е'),
		content = replace(replace(new.content, 'ё', 'е'), 'Ё', 'Е')
	WHERE rowid = new.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_delete` AFTER DELETE ON `posts` BEGIN
	DELETE FROM posts_fts WHERE rowid = old.rowid;
END;
--> statement-breakpoint

-- Comments and replies, scoped to their post's community.
CREATE TRIGGER `comments_fts_insert` AFTER INSERT ON `post_comments` BEGIN
	INSERT INTO comments_fts (rowid, content, scope, id) VALUES (
		new.rowid,
		replace(replace(new.content, 'ё', 'е'), 'Ё', 'Е'),
		coalesce((SELECT hex(p.community_id) FROM posts p WHERE p.id = new.post_id), ''),
		new.id
	);
END;
--> statement-breakpoint
CREATE TRIGGER `comments_fts_update` AFTER UPDATE OF content ON `post_comments` BEGIN
	UPDATE comments_fts SET content = replace(replace(new.content, 'ё', 'е'), 'Ё', 'Е') WHERE rowid = new.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `comments_fts_delete` AFTER DELETE ON `post_comments` BEGIN
	DELETE FROM comments_fts WHERE rowid = old.rowid;
END;
--> statement-breakpoint

-- People: name and profession, scoped to every community they are a member of.
CREATE TRIGGER `people_fts_insert` AFTER INSERT ON `users` BEGIN
	INSERT INTO people_fts (rowid, name, profession, scope, id) VALUES (
		new.rowid,
		replace(replace(new.full_name, 'ё', 'е'), 'Ё', 'Е'),
		replace(replace(coalesce(new.profession, ''), 'ё', 'е'), 'Ё', 'Е'),
		coalesce((SELECT group_concat(hex(m.community_id), ' ') FROM community_members m WHERE m.profile_id = new.id), ''),
		new.id
	);
END;
--> statement-breakpoint
CREATE TRIGGER `people_fts_update` AFTER UPDATE OF full_name, profession ON `users` BEGIN
	UPDATE people_fts SET
		name = replace(replace(new.full_name, 'ё', 'е'), 'Ё', 'Е'),
		profession = replace(replace(coalesce(new.profession, ''), 'ё', 'е'), 'Ё', 'Е')
	WHERE rowid = new.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `people_fts_delete` AFTER DELETE ON `users` BEGIN
	DELETE FROM people_fts WHERE rowid = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `people_fts_join` AFTER INSERT ON `community_members` BEGIN
	UPDATE people_fts
	SET scope = coalesce((SELECT group_concat(hex(m.community_id), ' ') FROM community_members m WHERE m.profile_id = new.profile_id), '')
	WHERE rowid = (SELECT u.rowid FROM users u WHERE u.id = new.profile_id);
END;
--> statement-breakpoint
CREATE TRIGGER `people_fts_leave` AFTER DELETE ON `community_members` BEGIN
	UPDATE people_fts
	SET scope = coalesce((SELECT group_concat(hex(m.community_id), ' ') FROM community_members m WHERE m.profile_id = old.profile_id), '')
	WHERE rowid = (SELECT u.rowid FROM users u WHERE u.id = old.profile_id);
END;
--> statement-breakpoint

-- Events and courses: title and description, scoped to their community.
CREATE TRIGGER `events_fts_insert` AFTER INSERT ON `community_events` BEGIN
	INSERT INTO events_fts (rowid, title, description, scope, id) VALUES (
		new.rowid,
		replace(replace(new.name, 'ё', 'е'), 'Ё', 'Е'),
		replace(replace(coalesce(new.description, ''), 'ё', 'е'), 'Ё', 'Е'),
		hex(new.community_id),
		new.id
	);
END;
--> statement-breakpoint
CREATE TRIGGER `events_fts_update` AFTER UPDATE OF name, description ON `community_events` BEGIN
	UPDATE events_fts SET
		title = replace(replace(new.name, 'ё', 'е'), 'Ё', 'Е'),
		description = replace(replace(coalesce(new.description, ''), 'ё', 'е'), 'Ё', 'Е')
	WHERE rowid = new.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `events_fts_delete` AFTER DELETE ON `community_events` BEGIN
	DELETE FROM events_fts WHERE rowid = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `courses_fts_insert` AFTER INSERT ON `classroom_courses` BEGIN
	INSERT INTO courses_fts (rowid, title, description, scope, id) VALUES (
		new.rowid,
		replace(replace(new.title, 'ё', 'е'), 'Ё', 'Е'),
		replace(replace(coalesce(new.description, ''), 'ё', 'е'), 'Ё', 'Е'),
		hex(new.community_id),
		new.id
	);
END;
--> statement-breakpoint
CREATE TRIGGER `courses_fts_update` AFTER UPDATE OF title, description ON `classroom_courses` BEGIN
	UPDATE courses_fts SET
		title = replace(replace(new.title, 'ё', 'е'), 'Ё', 'Е'),
		description = replace(replace(coalesce(new.description, ''), 'ё', 'е'), 'Ё', 'Е')
	WHERE rowid = new.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `courses_fts_delete` AFTER DELETE ON `classroom_courses` BEGIN
	DELETE FROM courses_fts WHERE rowid = old.rowid;
END;
--> statement-breakpoint

-- Rows written before this migration.
INSERT INTO communities_fts (rowid, name, description, audience, id)
SELECT rowid,
	replace(replace(name, 'ё', 'е'), 'Ё', 'Е'),
	replace(replace(description, 'ё', 'е'), 'Ё', 'Е'),
	replace(replace(coalesce(CASE WHEN json_valid(target_audience) THEN (SELECT group_concat(value, ' ') FROM json_each(target_audience)) END, ''), 'ё', 'е'), 'Ё', 'Е'),
	id
FROM communities;
--> statement-breakpoint
INSERT INTO posts_fts (rowid, headline, content, scope, id)
SELECT rowid, replace(replace(coalesce(headline, ''), 'ё', 'е'), 'Ё', 'Е'), replace(replace(content, 'ё', 'е'), 'Ё', 'Е'), hex(community_id), id
FROM posts;
--> statement-breakpoint
INSERT INTO comments_fts (rowid, content, scope, id)
SELECT c.rowid, replace(replace(c.content, 'ё', 'е'), 'Ё', 'Е'), coalesce(hex(p.community_id), ''), c.id
FROM post_comments c LEFT JOIN posts p ON p.id = c.post_id;
--> statement-breakpoint
INSERT INTO people_fts (rowid, name, profession, scope, id)
SELECT u.rowid, replace(replace(u.full_name, 'ё', 'е'), 'Ё', 'Е'), replace(replace(coalesce(u.profession, ''), 'ё', 'е'), 'Ё', 'Е'),
	coalesce((SELECT group_concat(hex(m.community_id), ' ') FROM community_members m WHERE m.profile_id = u.id), ''), u.id
FROM users u;
--> statement-breakpoint
INSERT INTO events_fts (rowid, title, description, scope, id)
SELECT rowid, replace(replace(name, 'ё', 'е'), 'Ё', 'Е'), replace(replace(coalesce(description, ''), 'ё', 'е'), 'Ё', 'Е'), hex(community_id), id
FROM community_events;
--> statement-breakpoint
INSERT INTO courses_fts (rowid, title, description, scope, id)
SELECT rowid, replace(replace(title, 'ё', 'е'), 'Ё', 'Е'), replace(replace(coalesce(description, ''), 'ё', 'е'), 'Ё', 'Е'), hex(community_id), id
FROM classroom_courses;
