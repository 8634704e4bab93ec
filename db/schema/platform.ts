import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth";

/** Fixed-window request counters for rate limits, keyed by action and client (ip or user). */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: integer("window_start", { mode: "number" }).notNull(),
    count: integer("count", { mode: "number" }).notNull(),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowStart)],
);

/** Every e-mail the app sends. In development this is the dev mail page; in production a delivery log. */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    kind: text("kind").notNull(),
    status: text("status", { enum: ["stored", "sent", "failed"] }).notNull(),
    createdAt: integer("created_at", { mode: "number" }).notNull(),
  },
  (t) => [index("mail_outbox_to_created_idx").on(t.to, t.createdAt), index("mail_outbox_created_idx").on(t.createdAt)],
);

/** Results of client-retried writes (chat messages, payments), so a retry returns the first answer. */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    scope: text("scope").notNull(),
    responseStatus: integer("response_status", { mode: "number" }).notNull(),
    responseBody: text("response_body").notNull(),
    createdAt: integer("created_at", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] }), index("idempotency_created_idx").on(t.createdAt)],
);
