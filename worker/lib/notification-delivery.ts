import { is, sql, SQL, type Column } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { NotificationType } from "../../common/notifications";
import type { Db } from "./db";
import { idPerRow } from "./row-ids";
import { bare, bareList, tableAs } from "./sql-names";
import { notificationMailQueue as q, notifications as n, notificationTypePreferences } from "./tables";

/**
 * The one way a notification is written, whatever its type and however many recipients it has: a
 * select of notification rows (`source`) goes, per recipient's preferences, into the mail queue and
 * into `notifications`. A missing preference row means on. Each writer says only who gets what; the
 * channels, the batching of mails and the unsubscribe link come from here and mail-delivery.ts.
 */

/**
 * The fields of a source row, named as its derived table `s` names them, with the column each goes to
 * in `notifications` and in the mail queue (the same order in both column lists).
 */
const inAppColumns = {
  recipient_id: n.recipientId,
  sender_id: n.senderId,
  community_id: n.communityId,
  type: n.type,
  content: n.content,
  post_id: n.postId,
  comment_id: n.commentId,
  event_id: n.eventId,
  course_id: n.courseId,
  conversation_id: n.conversationId,
  data: n.data,
};
type Field = keyof typeof inAppColumns;
const fields = Object.keys(inAppColumns) as Field[];

const queuedColumns: Record<Field, Column> = {
  recipient_id: q.recipientId,
  sender_id: q.senderId,
  community_id: q.communityId,
  type: q.type,
  content: q.content,
  post_id: q.postId,
  comment_id: q.commentId,
  event_id: q.eventId,
  course_id: q.courseId,
  conversation_id: q.conversationId,
  data: q.data,
};

/** A field of the source row `s`. */
const src = (field: Field | "id") => sql`s.${sql.identifier(field)}`;

/** Each field of a source row: an SQL expression over its `from`, or a value bound as it is (missing = null, or '' for content). */
export type SourceColumns = Partial<Record<Field | "id", SQL | string | number | null>> & {
  recipient_id: SQL | string;
  type: NotificationType | SQL;
};

export type Source = {
  columns: SourceColumns;
  /** What the rows come from and when they exist, e.g. sql`from ${tableAs(m)} where ...`; none = one row. */
  from?: SQL;
  now: number;
};

function select({ columns, from, now }: Source): SQL {
  const value = (v: SQL | string | number | null | undefined) => (is(v, SQL) ? v : sql`${v ?? null}`);
  const list = [
    sql`${value(columns.id ?? idPerRow(now))} as ${sql.identifier("id")}`,
    ...fields.map((f) => sql`${value(f === "content" ? (columns.content ?? "") : columns[f])} as ${sql.identifier(f)}`),
  ];
  return sql`select ${sql.join(list, sql`, `)} ${from ?? sql``}`;
}

const p = alias(notificationTypePreferences, "p");

/** Whether the recipient of source row `s` wants its type on this channel. */
const wants = (channel: typeof p.inApp | typeof p.email) =>
  sql`not exists (select 1 from ${tableAs(p)} where ${p.userId} = ${src("recipient_id")} and ${p.type} = ${src("type")}
    and ${channel} = 0)`;

const sourceList = sql.join(fields.map(src), sql`, `);

/**
 * The source's rows whose recipients want e-mail for their type, queued for mail-delivery.ts. Mails
 * are batched by thread: the conversation, else the post, else each notification on its own.
 */
export const queueMail = (db: Db, source: Source) =>
  db.run(
    sql`insert into ${q} (${bare(q.id)}, ${bareList(...fields.map((f) => queuedColumns[f]))}, ${bareList(q.thread, q.createdAt)})
        select ${idPerRow(source.now)}, ${sourceList},
          coalesce('conversation:' || ${src("conversation_id")}, 'post:' || ${src("post_id")}, 'notification:' || ${src("id")}), ${source.now}
        from (${select(source)}) s where ${wants(p.email)}`,
  );

/** The source's rows whose recipients want them in the app, written as notifications. */
export const insertInApp = (db: Db, source: Source) =>
  db.run(
    sql`insert into ${n} (${bare(n.id)}, ${bareList(...fields.map((f) => inAppColumns[f]))}, ${bare(n.createdAt)})
        select ${src("id")}, ${sourceList}, ${source.now} from (${select(source)}) s where ${wants(p.inApp)}`,
  );

/**
 * Both channels. The mail goes first so that a `from` that looks at `notifications` (a like already
 * notified today) sees the same table in both; sources must not depend on `changes()`.
 */
export const deliver = (db: Db, source: Source) => [queueMail(db, source), insertInApp(db, source)];
