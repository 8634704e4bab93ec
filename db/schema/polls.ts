import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { createdAt, flag, millis } from "./columns";
import { posts } from "./feed";

/** A post's poll: at most one per post, removed with it. */
export const postPolls = sqliteTable("post_polls", {
  postId: text("post_id")
    .primaryKey()
    .references(() => posts.id, { onDelete: "cascade" }),
  multipleChoice: flag("multiple_choice", false),
  /** Null: open until the post is deleted. Votes are refused from this moment on. */
  closesAt: millis("closes_at"),
  createdAt: createdAt(),
});

export const postPollOptions = sqliteTable(
  "post_poll_options",
  {
    id: text("id").primaryKey(),
    postId: text("post_id")
      .notNull()
      .references(() => postPolls.postId, { onDelete: "cascade" }),
    /** The order the author gave the options, from 0. */
    position: integer("position", { mode: "number" }).notNull(),
    text: text("text").notNull(),
  },
  (t) => [index("post_poll_options_post_idx").on(t.postId, t.position)],
);

/**
 * One row per chosen option: a single-choice vote is one row, a multiple-choice vote one per option.
 * Counts are read from these rows, never stored, so a changed vote cannot make them drift.
 */
export const postPollVotes = sqliteTable(
  "post_poll_votes",
  {
    optionId: text("option_id")
      .notNull()
      .references(() => postPollOptions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: text("post_id")
      .notNull()
      .references(() => postPolls.postId, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.optionId, t.userId] }),
    index("post_poll_votes_post_user_idx").on(t.postId, t.userId),
    index("post_poll_votes_user_idx").on(t.userId),
  ],
);
