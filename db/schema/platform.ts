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
    /** Extra headers it was sent with (List-Unsubscribe), as a JSON object. */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    createdAt: integer("created_at", { mode: "number" }).notNull(),
  },
  (t) => [index("mail_outbox_to_created_idx").on(t.to, t.createdAt), index("mail_outbox_created_idx").on(t.createdAt)],
);

/**
 * Creates a client may retry (Idempotency-Key): the first request with a key claims it for what it
 * created, so a retry is answered with that instead of creating it again. `request_hash` tells a true
 * retry from another request that reuses the key. Kept a day (maintenance/cleanup.ts).
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    scope: text("scope").notNull(),
    requestHash: text("request_hash").notNull(),
    resourceId: text("resource_id").notNull(),
    createdAt: integer("created_at", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] }), index("idempotency_created_idx").on(t.createdAt)],
);
