import { eq, sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { support } from "../../../common/contract/support";
import type { HonoEnv } from "../../env";
import { batch } from "../../lib/db";
import { notFound } from "../../lib/errors";
import { canReview } from "../../lib/permissions";
import { publicOrigin } from "../../lib/public-origin";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { requireUser } from "../../lib/session";
import { commit, notify } from "../../lib/commit";
import { preview } from "../../lib/notify";
import { supportTicketReplies, supportTickets, users } from "../../lib/tables";
import { ticketClosed, ticketNotFound } from "./ticket-errors";
import { mailStaffReply } from "./ticket-mail";
import { repliesStatement, replyWrites, ticketPage, ticketStatement, toDetail, toPage, toReply } from "./tickets.queries";

const staff = { staff: true } as const;

/** The staff console is staff's alone: everyone else gets 404. */
const staffOnly: MiddlewareHandler<HonoEnv> = async (c, next) => {
  const user = await requireUser(c);
  if (!canReview({ userId: user.id, platformRole: user.platformRole })) throw notFound("Not found.");
  await next();
};

/** The staff queue of support tickets (/api/admin/tickets): read, answer, close and reopen. Everyone else gets 404. */
export const staffTicketsRoutes = [
  route(
    support.queue,
    async (c) => {
      const { status, cursor, limit } = c.req.valid("query");
      const page = toPage(await ticketPage(c.var.db, { filter: status }, cursor, limit), limit);
      return respond(c, support.queue, page);
    },
    [staffOnly],
  ),
  route(
    support.staffGet,
    async (c) => {
      const db = c.var.db;
      const { id } = c.req.valid("param");
      const ticket = ticketStatement(db, id, staff);
      const replies = repliesStatement(db, id, staff);
      const read = await batch(db, [ticket, replies]);
      const row = read(ticket);
      if (!row) throw ticketNotFound();
      return respond(c, support.staffGet, toDetail(row, read(replies)));
    },
    [staffOnly],
  ),
  route(
    support.staffReply,
    async (c) => {
      const db = c.var.db;
      const me = await requireUser(c);
      const { id } = c.req.valid("param");
      const { message } = c.req.valid("json");
      const ticket = await db
        .select({
          id: supportTickets.id,
          userId: supportTickets.userId,
          subject: supportTickets.subject,
          status: supportTickets.status,
          email: users.email,
          fullName: users.fullName,
          language: users.language,
        })
        .from(supportTickets)
        .innerJoin(users, eq(users.id, supportTickets.userId))
        .where(eq(supportTickets.id, id))
        .get();
      if (!ticket) throw ticketNotFound();
      if (ticket.status === "closed") throw ticketClosed();
      const writes = replyWrites(db, { ticketId: id, authorId: me.id, fromStaff: true, message, status: "answered" });
      // The live notification goes out after the commit, off the answer's path.
      const read = await commit(c, {
        steps: [
          ...writes.statements,
          notify({
            recipientId: ticket.userId,
            senderId: null,
            communityId: null,
            type: "SYSTEM_ANNOUNCEMENT",
            content: preview(message),
            data: { kind: "support", ticketId: id },
            // mailStaffReply below is its e-mail, sent whatever the notification settings: it answers the person's own request.
            email: false,
            onlyIf: sql`exists (select 1 from ${supportTicketReplies} where ${supportTicketReplies.id} = ${writes.id})`,
          }),
          writes.readBack,
        ],
      });
      const reply = read(writes.readBack)[0];
      if (!reply) throw ticketClosed();
      // After the commit, off the answer's path: the e-mail (the outbox keeps every one).
      c.executionCtx.waitUntil(
        mailStaffReply(
          c.env,
          db,
          { email: ticket.email, name: ticket.fullName, language: ticket.language },
          ticket,
          reply.message,
          publicOrigin(c.env, c.req.raw),
        ),
      );
      return respond(c, support.staffReply, { reply: toReply(reply), status: "answered" });
    },
    [staffOnly],
  ),
  route(
    support.setStatus,
    async (c) => {
      const me = await requireUser(c);
      const { id } = c.req.valid("param");
      const { status } = c.req.valid("json");
      const now = Date.now();
      // Reopening puts it back in the queue as waiting for staff; closing keeps its place in the closed list.
      const rows = await c.var.db
        .update(supportTickets)
        .set({
          status: sql`case when ${status} = 'closed' then 'closed'
            when ${supportTickets.status} = 'closed' then 'open' else ${supportTickets.status} end`,
          handledBy: me.id,
          lastActivityAt: now,
          updatedAt: now,
        })
        .where(eq(supportTickets.id, id))
        .returning({ id: supportTickets.id, status: supportTickets.status });
      const row = rows[0];
      if (!row) throw ticketNotFound();
      return respond(c, support.setStatus, row);
    },
    [staffOnly],
  ),
];
