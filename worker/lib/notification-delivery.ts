import { is, sql, SQL } from "drizzle-orm";
import type { NotificationType } from "../../common/notifications";
import type { Db } from "./db";
import { idPerRow } from "./row-ids";

/**
 * The one way a notification is written, whatever its type and however many recipients it has: a
 * select of notification rows (`source`) goes, per recipient's preferences, into the mail queue and
 * into `notifications`. A missing preference row means on. Each writer says only who gets what; the
 * channels, the batching of mails and the unsubscribe link come from here and mail-delivery.ts.
 */

const fields = [
  "recipient_id",
  "sender_id",
  "community_id",
  "type",
  "content",
  "post_id",
  "comment_id",
  "event_id",
  "course_id",
  "conversation_id",
  "data",
] as const;
type Field = (typeof fields)[number];

/** Each field of a source row: an SQL expression over its `from`, or a value bound as it is (missing = null, or '' for content). */
export type SourceColumns = Partial<Record<Field | "id", SQL | string | number | null>> & {
  recipient_id: SQL | string;
  type: NotificationType | SQL;
};

export type Source = {
  columns: SourceColumns;
  /** What the rows come from and when they exist, e.g. sql`from community_members m where ...`; none = one row. */
  from?: SQL;
  now: number;
};

function select({ columns, from, now }: Source): SQL {
  const value = (v: SQL | string | number | null | undefined) => (is(v, SQL) ? v : sql`${v ?? null}`);
  const list = [
    sql`${value(columns.id ?? idPerRow(now))} as id`,
    ...fields.map((f) => sql`${value(f === "content" ? (columns.content ?? "") : columns[f])} as ${sql.raw(f)}`),
  ];
  return sql`select ${sql.join(list, sql`, `)} ${from ?? sql``}`;
}

/** Whether the recipient of source row `s` wants its type on this channel. */
const wants = (channel: "in_app" | "email") =>
  sql`not exists (select 1 from notification_type_preferences p where p.user_id = s.recipient_id and p.type = s.type
    and p.${sql.raw(channel)} = 0)`;

const columnList = sql.raw(fields.join(", "));
const sourceList = sql.raw(fields.map((f) => `s.${f}`).join(", "));

/**
 * The source's rows whose recipients want e-mail for their type, queued for mail-delivery.ts. Mails
 * are batched by thread: the conversation, else the post, else each notification on its own.
 */
export const queueMail = (db: Db, source: Source) =>
  db.run(
    sql`insert into notification_mail_queue (id, ${columnList}, thread, created_at)
        select ${idPerRow(source.now)}, ${sourceList},
          coalesce('conversation:' || s.conversation_id, 'post:' || s.post_id, 'notification:' || s.id), ${source.now}
        from (${select(source)}) s where ${wants("email")}`,
  );

/** The source's rows whose recipients want them in the app, written as notifications. */
export const insertInApp = (db: Db, source: Source) =>
  db.run(
    sql`insert into notifications (id, ${columnList}, created_at)
        select s.id, ${sourceList}, ${source.now} from (${select(source)}) s where ${wants("in_app")}`,
  );

/**
 * Both channels. The mail goes first so that a `from` that looks at `notifications` (a like already
 * notified today) sees the same table in both; sources must not depend on `changes()`.
 */
export const deliver = (db: Db, source: Source) => [queueMail(db, source), insertInApp(db, source)];
