import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { createdAt, idColumn, updatedAt } from "./columns";

export const ticketPriorities = ["low", "medium", "high", "urgent"] as const;
export const ticketCategories = ["general", "technical", "billing", "feature", "bug", "other"] as const;
export const ticketStatuses = ["open", "in_progress", "resolved", "closed"] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("support_tickets_user_idx").on(t.userId, t.createdAt),
    index("support_tickets_queue_idx").on(t.status, t.createdAt),
  ],
);
