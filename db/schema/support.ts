import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ticketCategories, ticketPriorities, ticketStatuses } from "../../common/contract/enums";
import { users } from "./auth";
import { counter, createdAt, flag, idColumn, updatedAt } from "./columns";

export const supportTickets = sqliteTable(
  "support_tickets",
  {
    id: idColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Copied from the profile when the ticket is sent, as the spec's form does. */
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    priority: text("priority", { enum: ticketPriorities }).notNull().default("medium"),
    category: text("category", { enum: ticketCategories }).notNull().default("general"),
    status: text("status", { enum: ticketStatuses }).notNull().default("open"),
    handledBy: text("handled_by").references(() => users.id, { onDelete: "set null" }),
    repliesCount: counter("replies_count"),
    /** When the thread last moved (the ticket itself or a reply): the queue and the user's list sort by it. */
    lastActivityAt: integer("last_activity_at", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("support_tickets_user_activity_idx").on(t.userId, t.lastActivityAt),
    index("support_tickets_activity_idx").on(t.status, t.lastActivityAt),
  ],
);

/** The thread under a ticket: the user's follow-ups and staff answers, oldest first. */
export const supportTicketReplies = sqliteTable(
  "support_ticket_replies",
  {
    id: idColumn(),
    ticketId: text("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    /** Null once the writer's account is gone; `fromStaff` still tells whose side wrote it. */
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    fromStaff: flag("from_staff", false),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("support_ticket_replies_ticket_idx").on(t.ticketId, t.createdAt)],
);
