import { sql, type SQL } from "drizzle-orm";
import { newId } from "../../../common/ids";
import type { AppEnv } from "../../env";
import { batch, type Db } from "../../lib/db";
import { createMailer } from "../../lib/email";
import { notificationMail, type QueuedMail } from "./notification-mail";

const HOUR = 60 * 60 * 1000;
/** The hour (UTC) whose cron runs send the daily digests: 10:00 in Tbilisi. */
export const DIGEST_HOUR_UTC = 6;
/** Threads (or digests) one claim takes, so that one run's mails stay within a Worker invocation's budget. */
const CLAIM_LIMIT = 200;
const MAX_ROUNDS = 5;

/**
 * A delivery pass: whose queued notifications it mails (people on instant mails or on the digest),
 * what one mail gathers (a thread, or all of a person's notifications) and how long that mail's key
 * then rests: an hour for a conversation or post, most of a day for a digest.
 */
type Pass = { digest: boolean; key: SQL; rest: number };
const instant: Pass = { digest: false, key: sql`q.thread`, rest: HOUR };
const daily: Pass = { digest: true, key: sql`'digest'`, rest: 20 * HOUR };

/**
 * Claims what is due for one pass and reads it, in one batch: a thread whose last mail is older than
 * its rest gets its `notification_mail_threads` row stamped with this run's claim (an upsert that only
 * wins past the rest, so two runs at once never both mail a thread), then its queued rows are taken.
 * Rows of types switched off since they were queued are dropped first.
 */
async function claim(db: Db, pass: Pass, now: number) {
  const claimId = newId(now);
  const key = pass.key;
  const claimThreads = db.run(
    sql`insert into notification_mail_threads (recipient_id, thread, sent_at, claim)
        select recipient_id, key, ${now}, ${claimId} from (
          select distinct q.recipient_id, ${key} as key from notification_mail_queue q
          left join notification_preferences np on np.user_id = q.recipient_id
          where q.claim is null and coalesce(np.email_digest, 0) = ${pass.digest ? 1 : 0}
            and not exists (select 1 from notification_mail_threads t
              where t.recipient_id = q.recipient_id and t.thread = ${key} and t.sent_at > ${now - pass.rest})
          limit ${CLAIM_LIMIT}
        ) where true
        on conflict (recipient_id, thread) do update set sent_at = excluded.sent_at, claim = excluded.claim
        where notification_mail_threads.sent_at <= ${now - pass.rest}`,
  );
  const rows = db.all<QueuedMail & { thread: string }>(
    sql`select q.recipient_id, q.type, q.content, q.thread, q.community_id, q.post_id, q.conversation_id, q.course_id, q.event_id, q.data,
          u.email, u.language, s.full_name as sender_name, c.name as community_name
        from notification_mail_queue q
        join users u on u.id = q.recipient_id
        left join users s on s.id = q.sender_id
        left join communities c on c.id = q.community_id
        where q.claim = ${claimId}
        order by q.recipient_id, q.created_at, q.id`,
  );
  const read = await batch(db, [
    db.run(
      sql`delete from notification_mail_queue as q where q.claim is null and exists (select 1 from notification_type_preferences p
          where p.user_id = q.recipient_id and p.type = q.type and p.email = 0)`,
    ),
    db.run(sql`delete from notification_mail_threads where sent_at < ${now - 24 * HOUR}`),
    claimThreads,
    db.run(
      sql`update notification_mail_queue as q set claim = ${claimId}
          where q.claim is null and exists (select 1 from notification_mail_threads t
            where t.recipient_id = q.recipient_id and t.thread = ${key} and t.claim = ${claimId})`,
    ),
    rows,
    db.run(sql`delete from notification_mail_queue where claim = ${claimId}`),
  ]);
  return read(rows);
}

/** Groups claimed rows into mails: one per recipient and thread, or one per recipient for the digest. */
function mails(rows: (QueuedMail & { thread: string })[], digest: boolean) {
  const groups = new Map<string, QueuedMail[]>();
  for (const row of rows) {
    const key = digest ? row.recipient_id : `${row.recipient_id} ${row.thread}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()];
}

async function runPass(env: AppEnv, db: Db, pass: Pass, now: number): Promise<number> {
  const mailer = createMailer(env, db);
  let sent = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const groups = mails(await claim(db, pass, now), pass.digest);
    for (const group of groups) await mailer.send(await notificationMail(env, group, pass.digest));
    sent += groups.length;
    if (groups.length < CLAIM_LIMIT) break;
  }
  return sent;
}

/**
 * The cron's mail job: notifications queued by delivery.ts go out as at most one mail per thread
 * (conversation or post) an hour, later ones folded into the next; people who chose the digest get
 * theirs once a day, in the digest hour.
 */
export async function deliverNotificationMail(env: AppEnv, db: Db, now = Date.now()) {
  const mailed = await runPass(env, db, instant, now);
  const digests = new Date(now).getUTCHours() === DIGEST_HOUR_UTC ? await runPass(env, db, daily, now) : 0;
  return { mailed, digests };
}
