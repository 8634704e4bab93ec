-- Prefix indexes for every typed length from 2 to 8 characters (people's names from 1, as the member
-- lists look them up from the first letter). FTS5 answers a prefix only from an index of exactly its
-- length; any other length makes it merge the lists of every word starting so, through the whole
-- index, before the first row: a search as you type for a word in every post then read all of them.
-- A longer typed word is matched as that word when it is common (worker/features/search/search.queries.ts).
-- FTS5 cannot change its prefix indexes in place: each index is made again and refilled from its
-- source table, as in 0005_full_text_search; the triggers stay (they name the index, not its shape).

DROP TABLE `communities_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `communities_fts` USING fts5(
	name, description, audience, id UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6 7 8'
);
--> statement-breakpoint
DROP TABLE `posts_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `posts_fts` USING fts5(
	headline, content, scope, id UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6 7 8'
);
--> statement-breakpoint
DROP TABLE `comments_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `comments_fts` USING fts5(
	content, scope, id UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6 7 8'
);
--> statement-breakpoint
DROP TABLE `people_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `people_fts` USING fts5(
	name, profession, scope, id UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3 4 5 6 7 8'
);
--> statement-breakpoint
DROP TABLE `events_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `events_fts` USING fts5(
	title, description, scope, id UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6 7 8'
);
--> statement-breakpoint
DROP TABLE `courses_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `courses_fts` USING fts5(
	title, description, scope, id UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6 7 8'
);
--> statement-breakpoint
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
