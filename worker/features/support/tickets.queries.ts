import { and, asc, desc, eq, lt, or, sql, type SQL } from "drizzle-orm";
import { newId } from "../../../common/ids";
import type { TicketCategory, TicketPriority, TicketQueueFilter, TicketStatus } from "../../../common/contract/enums";
import type { QueuedTicket, TicketDetail, TicketReply } from "../../../common/contract/support";
import type { Db, ResultOf } from "../../lib/db";
import { bareList, firstRow } from "../../lib/sql-names";
import { supportTicketReplies, supportTickets, users } from "../../lib/tables";
import { decodeCursor, encodeCursor } from "../../lib/pagination";
import { TICKET_REPLIES_MAX } from "../../../common/contract/limits";

/** Support tickets and their threads, as statements a route folds into its batches. */

const tickets = supportTickets;
const replies = supportTicketReplies;

const ticketFields = {
  id: tickets.id,
  userId: tickets.userId,
  name: tickets.name,
  email: tickets.email,
  subject: tickets.subject,
  message: tickets.message,
  priority: tickets.priority,
  category: tickets.category,
  status: tickets.status,
  repliesCount: tickets.repliesCount,
  createdAt: tickets.createdAt,
  lastActivityAt: tickets.lastActivityAt,
};

/** A reply with its author's name (every result column has its own name, so the rows survive a batch). */
const replyFields = {
  id: replies.id,
  message: replies.message,
  fromStaff: replies.fromStaff,
  authorId: replies.authorId,
  authorName: users.fullName,
  createdAt: replies.createdAt,
};

/** Who may read a ticket: its sender (by id or by the session in the same batch), or staff (anyone's). */
export type TicketReader = { owner: SQL } | { staff: true };

const readable = (reader: TicketReader) => ("owner" in reader ? eq(tickets.userId, reader.owner) : undefined);

export const ticketStatement = (db: Db, id: string, reader: TicketReader) =>
  firstRow(
    db
      .select(ticketFields)
      .from(tickets)
      .where(and(eq(tickets.id, id), readable(reader))),
  );

type TicketRow = NonNullable<ResultOf<ReturnType<typeof ticketStatement>>>;

/** The thread, oldest first; empty when the reader may not see the ticket. */
export const repliesStatement = (db: Db, id: string, reader: TicketReader) =>
  db
    .select(replyFields)
    .from(replies)
    .innerJoin(tickets, eq(tickets.id, replies.ticketId))
    .leftJoin(users, eq(users.id, replies.authorId))
    .where(and(eq(replies.ticketId, id), readable(reader)))
    .orderBy(asc(replies.createdAt), asc(replies.id))
    .limit(TICKET_REPLIES_MAX);

type ReplyRow = ResultOf<ReturnType<typeof repliesStatement>>[number];

/** A page of tickets by last activity, newest first: the sender's own, or the staff queue by filter. */
export function ticketPage(
  db: Db,
  where: { owner: SQL } | { filter: TicketQueueFilter },
  cursor: string | undefined,
  limit: number,
) {
  const after = cursor ? decodeCursor(cursor) : null;
  const scope =
    "owner" in where
      ? eq(tickets.userId, where.owner)
      : where.filter === "closed"
        ? sql`${tickets.status} = 'closed'`
        : sql`${tickets.status} in ('open', 'answered')`;
  const keyset = after
    ? or(lt(tickets.lastActivityAt, after.createdAt), and(eq(tickets.lastActivityAt, after.createdAt), lt(tickets.id, after.id)))
    : undefined;
  return db
    .select(ticketFields)
    .from(tickets)
    .where(and(scope, keyset))
    .orderBy(desc(tickets.lastActivityAt), desc(tickets.id))
    .limit(limit + 1);
}

export function toPage(rows: TicketRow[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map(toQueued),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.lastActivityAt, id: last.id }) : null,
  };
}

export const toQueued = (r: TicketRow): QueuedTicket => ({
  id: r.id,
  subject: r.subject,
  priority: r.priority,
  category: r.category,
  status: r.status,
  repliesCount: r.repliesCount,
  createdAt: r.createdAt,
  lastActivityAt: r.lastActivityAt,
  name: r.name,
  email: r.email,
});

export const toReply = (r: ReplyRow): TicketReply => ({
  id: r.id,
  message: r.message,
  fromStaff: r.fromStaff,
  author: r.authorId ? { id: r.authorId, fullName: r.authorName ?? "" } : null,
  createdAt: r.createdAt,
});

export const toDetail = (t: TicketRow, replies: ReplyRow[]): TicketDetail => ({
  ...toQueued(t),
  message: t.message,
  replies: replies.map(toReply),
});

export type NewTicket = {
  userId: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  priority: TicketPriority;
  category: TicketCategory;
};

export function insertTicket(db: Db, t: NewTicket, now = Date.now()) {
  const id = newId();
  const statement = db.insert(tickets).values({
    id,
    userId: t.userId,
    name: t.name,
    email: t.email,
    subject: t.subject,
    message: t.message,
    priority: t.priority,
    category: t.category,
    status: "open",
    repliesCount: 0,
    lastActivityAt: now,
    createdAt: now,
    updatedAt: now,
  });
  return { id, statement };
}

/**
 * A reply and the ticket's move to `status`, in one batch. Both hold only while the ticket is not
 * closed (checked in the statements themselves, so a close that lands first wins); `readBack` is empty then.
 */
export function replyWrites(
  db: Db,
  r: { ticketId: string; authorId: string; fromStaff: boolean; message: string; status: TicketStatus },
  now = Date.now(),
) {
  const id = newId();
  const open = sql`exists (select 1 from ${tickets} where ${tickets.id} = ${r.ticketId} and ${tickets.status} <> 'closed')`;
  return {
    id,
    statements: [
      db.run(
        sql`insert into ${replies} (${bareList(replies.id, replies.ticketId, replies.authorId, replies.fromStaff, replies.message, replies.createdAt)})
            select ${id}, ${r.ticketId}, ${r.authorId}, ${r.fromStaff ? 1 : 0}, ${r.message}, ${now} where ${open}`,
      ),
      db
        .update(tickets)
        .set({
          status: r.status,
          repliesCount: sql`${tickets.repliesCount} + 1`,
          lastActivityAt: now,
          updatedAt: now,
          ...(r.fromStaff ? { handledBy: r.authorId } : {}),
        })
        .where(and(eq(tickets.id, r.ticketId), sql`exists (select 1 from ${replies} where ${replies.id} = ${id})`)),
    ],
    /** Only the reply with that id: the thread as it reads back after the batch. */
    readBack: db.select(replyFields).from(replies).leftJoin(users, eq(users.id, replies.authorId)).where(eq(replies.id, id)),
  };
}
