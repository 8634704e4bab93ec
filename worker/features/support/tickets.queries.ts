import { sql, type SQL } from "drizzle-orm";
import { newId } from "../../../common/ids";
import type { TicketCategory, TicketPriority, TicketQueueFilter, TicketStatus } from "../../../common/contract/enums";
import type { QueuedTicket, TicketDetail, TicketReply } from "../../../common/contract/support";
import type { Db } from "../../lib/db";
import { decodeCursor, encodeCursor } from "../../lib/pagination";
import { TICKET_REPLIES_MAX } from "../../../common/contract/limits";

/** Support tickets and their threads, as statements a route folds into its batches. */

type TicketRow = {
  id: string;
  user_id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  priority: TicketPriority;
  category: TicketCategory;
  status: TicketStatus;
  replies_count: number;
  created_at: number;
  last_activity_at: number;
};

type ReplyRow = {
  id: string;
  message: string;
  from_staff: number;
  author_id: string | null;
  author_name: string | null;
  created_at: number;
};

const ticketColumns = sql.raw(
  "t.id, t.user_id, t.name, t.email, t.subject, t.message, t.priority, t.category, t.status, t.replies_count, t.created_at, t.last_activity_at",
);

/** Who may read a ticket: its sender (by id or by the session in the same batch), or staff (anyone's). */
export type TicketReader = { owner: SQL } | { staff: true };

const readable = (reader: TicketReader) => ("owner" in reader ? sql` and t.user_id = ${reader.owner}` : sql``);

export const ticketStatement = (db: Db, id: string, reader: TicketReader) =>
  db.get<TicketRow | undefined>(sql`select ${ticketColumns} from support_tickets t where t.id = ${id}${readable(reader)}`);

/** The thread, oldest first; empty when the reader may not see the ticket. */
export const repliesStatement = (db: Db, id: string, reader: TicketReader) =>
  db.all<ReplyRow>(
    sql`select r.id, r.message, r.from_staff, r.author_id, u.full_name as author_name, r.created_at
        from support_ticket_replies r join support_tickets t on t.id = r.ticket_id
        left join users u on u.id = r.author_id
        where r.ticket_id = ${id}${readable(reader)}
        order by r.created_at asc, r.id asc limit ${TICKET_REPLIES_MAX}`,
  );

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
      ? sql`t.user_id = ${where.owner}`
      : where.filter === "closed"
        ? sql`t.status = 'closed'`
        : sql`t.status in ('open', 'answered')`;
  const keyset = after
    ? sql` and (t.last_activity_at < ${after.createdAt} or (t.last_activity_at = ${after.createdAt} and t.id < ${after.id}))`
    : sql``;
  return db.all<TicketRow>(
    sql`select ${ticketColumns} from support_tickets t where ${scope}${keyset}
        order by t.last_activity_at desc, t.id desc limit ${limit + 1}`,
  );
}

export function toPage(rows: TicketRow[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map(toQueued),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.last_activity_at, id: last.id }) : null,
  };
}

export const toQueued = (r: TicketRow): QueuedTicket => ({
  id: r.id,
  subject: r.subject,
  priority: r.priority,
  category: r.category,
  status: r.status,
  repliesCount: r.replies_count,
  createdAt: r.created_at,
  lastActivityAt: r.last_activity_at,
  name: r.name,
  email: r.email,
});

export const toReply = (r: ReplyRow): TicketReply => ({
  id: r.id,
  message: r.message,
  fromStaff: r.from_staff === 1,
  author: r.author_id ? { id: r.author_id, fullName: r.author_name ?? "" } : null,
  createdAt: r.created_at,
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
  const statement = db.run(
    sql`insert into support_tickets (id, user_id, name, email, subject, message, priority, category, status, replies_count,
          last_activity_at, created_at, updated_at)
        values (${id}, ${t.userId}, ${t.name}, ${t.email}, ${t.subject}, ${t.message}, ${t.priority}, ${t.category}, 'open', 0,
          ${now}, ${now}, ${now})`,
  );
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
  const open = sql`exists (select 1 from support_tickets where id = ${r.ticketId} and status <> 'closed')`;
  return {
    id,
    statements: [
      db.run(
        sql`insert into support_ticket_replies (id, ticket_id, author_id, from_staff, message, created_at)
            select ${id}, ${r.ticketId}, ${r.authorId}, ${r.fromStaff ? 1 : 0}, ${r.message}, ${now} where ${open}`,
      ),
      db.run(
        sql`update support_tickets set status = ${r.status}, replies_count = replies_count + 1, last_activity_at = ${now},
              updated_at = ${now}${r.fromStaff ? sql`, handled_by = ${r.authorId}` : sql``}
            where id = ${r.ticketId} and exists (select 1 from support_ticket_replies where id = ${id})`,
      ),
    ],
    /** Only the reply with that id: the thread as it reads back after the batch. */
    readBack: db.all<ReplyRow>(
      sql`select r.id, r.message, r.from_staff, r.author_id, u.full_name as author_name, r.created_at
          from support_ticket_replies r left join users u on u.id = r.author_id where r.id = ${id}`,
    ),
  };
}
