import { env } from "cloudflare:workers";
import { newId } from "../common/ids";
import type { TicketStatus } from "../common/contract/enums";

/** A support ticket written straight into D1, for tests that start from one. */
export async function insertTicket(
  userId: string,
  opts: { status?: TicketStatus; subject?: string; at?: number } = {},
): Promise<string> {
  const id = newId();
  const at = opts.at ?? Date.now();
  await env.DB.prepare(
    `insert into support_tickets (id, user_id, name, email, subject, message, priority, category, status, replies_count,
       last_activity_at, created_at, updated_at)
     values (?, ?, 'Ticket Sender', 'sender@example.com', ?, 'Something is not working.', 'medium', 'general', ?, 0, ?, ?, ?)`,
  )
    .bind(id, userId, opts.subject ?? "Help with my account", opts.status ?? "open", at, at, at)
    .run();
  return id;
}
