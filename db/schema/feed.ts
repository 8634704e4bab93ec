import { index, primaryKey, sqliteTable, text, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { counter, createdAt, idColumn, millis, updatedAt } from "./columns";
import { communities, communityTopics } from "./communities";

export const posts = sqliteTable(
  "posts",
  {
    id: idColumn(),
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    // Null after the author's account is purged: the post stays, shown as 'Deleted user'.
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    headline: text("headline"),
    content: text("content").notNull(),
    imageUrls: text("image_urls", { mode: "json" }).$type<string[]>(),
    topicId: text("topic_id").references(() => communityTopics.id, { onDelete: "set null" }),
    likesCount: counter("likes_count"),
    commentsCount: counter("comments_count"),
    pinnedAt: millis("pinned_at"),
    editedAt: millis("edited_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Feed keyset: pinned first (NULLs sort last under DESC), then newest.
    index("posts_feed_idx").on(t.communityId, t.pinnedAt, t.createdAt, t.id),
    index("posts_topic_feed_idx").on(t.communityId, t.topicId, t.createdAt, t.id),
    index("posts_author_idx").on(t.authorId, t.createdAt),
  ],
);

export const postLikes = sqliteTable(
  "post_likes",
  {
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index("post_likes_user_idx").on(t.userId, t.createdAt)],
);

export const postComments = sqliteTable(
  "post_comments",
  {
    id: idColumn(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    /** Replies sit one level under a top-level comment. */
    parentCommentId: text("parent_comment_id").references((): AnySQLiteColumn => postComments.id, {
      onDelete: "cascade",
    }),
    content: text("content").notNull(),
    likesCount: counter("likes_count"),
    repliesCount: counter("replies_count"),
    editedAt: millis("edited_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("post_comments_thread_idx").on(t.postId, t.parentCommentId, t.createdAt),
    index("post_comments_parent_idx").on(t.parentCommentId, t.createdAt),
    index("post_comments_author_idx").on(t.authorId, t.createdAt),
  ],
);

export const commentLikes = sqliteTable(
  "comment_likes",
  {
    commentId: text("comment_id")
      .notNull()
      .references(() => postComments.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index("comment_likes_user_idx").on(t.userId, t.createdAt)],
);
