import { eq, lt, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { newId } from "../../../common/ids";
import type { AppEnv } from "../../env";
import { batch, type Db } from "../../lib/db";
import { createMailer } from "../../lib/email";
import { bare, bareList, excluded, selectAs, tableAs, type LeftJoined, type SelectAsRow } from "../../lib/sql-names";
import {
  communities,
  notificationMailQueue as queue,
  notificationMailThreads as threads,
  notificationPreferences,
  notificationTypePreferences,
  users,
} from "../../lib/tables";
import { notificationMail, type QueuedMail } from "./notification-mail";

const HOUR = 60 * 60 * 1000;
/** The hour (UTC) whose cron runs send the daily digests: 10:00 in Tbilisi. */
export const DIGEST_HOUR_UTC = 6;
/** Threads (or digests) one claim takes, so that one run's mails stay within a Worker invocation's budget. */
const CLAIM_LIMIT = 200;
const MAX_ROUNDS = 5;

const q = alias(queue, "q");
const np = alias(notificationPreferences, "np");
const t = alias(threads, "t");
const p = alias(notificationTypePreferences, "p");
const u = alias(users, "u");
const s = alias(users, "s");
const c = alias(communities, "c");

/** A claimed row as the mail is written from it (the mail reads these keys). */
const mailFields = {
  recipient_id: q.recipientId,
  type: q.type,
  content: q.content,
  thread: q.thread,
  community_id: q.communityId,
  post_id: q.postId,
  conversation_id: q.conversationId,
  course_id: q.courseId,
  event_id: q.eventId,
  data: q.data,
  email: u.email,
  language: u.language,
};
/** The sender `s` and the community `c`: left joined. */
const namedFields = { sender_name: s.fullName, community_name: c.name };
type MailRow = SelectAsRow<typeof mailFields> & LeftJoined<SelectAsRow<typeof namedFields>>;

/**
 * A delivery pass: whose queued notifications it mails (people on instant mails or on the digest),
 * what one mail gathers (a thread, or all of a person's notifications) and how long that mail's key
 * then rests: an hour for a conversation or post, most of a day for a digest.
 */
type Pass = { digest: boolean; key: SQL; rest: number };
const instant: Pass = { digest: false, key: sql`${q.thread}`, rest: HOUR };
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
    sql`insert into ${threads} (${bareList(threads.recipientId, threads.thread, threads.sentAt, threads.claim)})
        select recipient_id, key, ${now}, ${claimId} from (
          select distinct ${q.recipientId} as recipient_id, ${key} as key from ${tableAs(q)}
          left join ${tableAs(np)} on ${np.userId} = ${q.recipientId}
          where ${q.claim} is null and coalesce(${np.emailDigest}, 0) = ${pass.digest ? 1 : 0}
            and not exists (select 1 from ${tableAs(t)}
              where ${t.recipientId} = ${q.recipientId} and ${t.thread} = ${key} and ${t.sentAt} > ${now - pass.rest})
          limit ${CLAIM_LIMIT}
        ) where true
        on conflict (${bareList(threads.recipientId, threads.thread)}) do update
          set ${bare(threads.sentAt)} = ${excluded(threads.sentAt)}, ${bare(threads.claim)} = ${excluded(threads.claim)}
        where ${threads.sentAt} <= ${now - pass.rest}`,
  );
  const rows = db.all<MailRow>(
    sql`select ${selectAs(mailFields)}, ${selectAs(namedFields)}
        from ${tableAs(q)}
        join ${tableAs(u)} on ${u.id} = ${q.recipientId}
        left join ${tableAs(s)} on ${s.id} = ${q.senderId}
        left join ${tableAs(c)} on ${c.id} = ${q.communityId}
        where ${q.claim} = ${claimId}
        order by ${q.recipientId}, ${q.createdAt}, ${q.id}`,
  );
  const read = await batch(db, [
    db.run(
      sql`delete from ${tableAs(q)} where ${q.claim} is null and exists (select 1 from ${tableAs(p)}
          where ${p.userId} = ${q.recipientId} and ${p.type} = ${q.type} and ${p.email} = 0)`,
    ),
    db.delete(threads).where(lt(threads.sentAt, now - 24 * HOUR)),
    claimThreads,
    db.run(
      sql`update ${tableAs(q)} set ${bare(queue.claim)} = ${claimId}
          where ${q.claim} is null and exists (select 1 from ${tableAs(t)}
            where ${t.recipientId} = ${q.recipientId} and ${t.thread} = ${key} and ${t.claim} = ${claimId})`,
    ),
    rows,
    db.delete(queue).where(eq(queue.claim, claimId)),
  ]);
  return read(rows);
}

/** Groups claimed rows into mails: one per recipient and thread, or one per recipient for the digest. */
function mails(rows: MailRow[], digest: boolean) {
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
