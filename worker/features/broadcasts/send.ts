import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { newId } from "../../../common/ids";
import type { AppEnv } from "../../env";
import { batch, type Db } from "../../lib/db";
import { createMailer } from "../../lib/email";
import { notificationInsert } from "../../lib/notify";
import {
  communities,
  communityBroadcasts as b,
  communityMembers as cm,
  notificationPreferences as prefs,
  users,
} from "../../lib/tables";
import { inSegment } from "./audience";
import { broadcastMail, type Names } from "./broadcast-mail";

/** Members one run takes per broadcast, so a run's mails stay within a Worker invocation's budget. */
export const BROADCAST_BATCH = 200;
/** Broadcasts one run works on. */
const BROADCASTS_PER_RUN = 5;

type Broadcast = typeof b.$inferSelect;

/**
 * Takes the next members of a broadcast: the cursor moves past them and the run's claim is stamped in
 * one statement that only wins from the cursor this run read, so a second run at once takes nothing.
 */
async function claim(db: Db, broadcast: Broadcast, size: number, now: number) {
  const claimId = newId(now);
  const members = sql`from ${cm} where ${cm.communityId} = ${broadcast.communityId} and ${cm.profileId} > ${broadcast.cursor}
    and ${inSegment(broadcast.segment, broadcast.minLevel, broadcast.createdAt)}`;
  const take = db.run(
    sql`update ${b} set cursor = coalesce((select max(profile_id) from (select ${cm.profileId} as profile_id ${members} order by ${cm.profileId} limit ${size})), cursor),
        claim = ${claimId}, status = 'sending'
        where ${b.id} = ${broadcast.id} and ${b.cursor} = ${broadcast.cursor} and ${b.status} <> 'sent'`,
  );
  const won = db.select({ claim: b.claim, cursor: b.cursor }).from(b).where(eq(b.id, broadcast.id));
  const people = db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      language: users.language,
      emailOff:
        sql<number>`exists (select 1 from ${prefs} where ${prefs.userId} = ${users.id} and ${prefs.broadcastEmail} = 0)`.mapWith(
          Number,
        ),
    })
    .from(users)
    .where(
      and(
        sql`${users.id} in (select ${cm.profileId} ${members} order by ${cm.profileId} limit ${size})`,
        sql`exists (select 1 from ${b} where ${b.id} = ${broadcast.id} and ${b.claim} = ${claimId})`,
      ),
    )
    .orderBy(asc(users.id));
  const read = await batch(db, [take, won, people]);
  return read(won)[0]?.claim === claimId ? read(people) : null;
}

/** Sends one batch of a broadcast; returns how many members it took (0: the broadcast is done or another run has it). */
async function sendBatch(env: AppEnv, db: Db, broadcast: Broadcast, names: Names, size: number, now: number) {
  const people = await claim(db, broadcast, size, now);
  if (!people) return 0;
  const mailer = createMailer(env, db);
  let sent = 0;
  let skipped = 0;
  let failed = 0;
  for (const person of people) {
    if (person.emailOff) {
      skipped++;
      continue;
    }
    // The mail service's refusal is recorded, not thrown: both count as failed.
    try {
      const status = await mailer.send(await broadcastMail(env, broadcast, names, person));
      if (status === "failed") failed++;
      else sent++;
    } catch {
      failed++;
    }
  }
  const copies = people.flatMap(
    (person) =>
      notificationInsert(db, {
        recipientId: person.id,
        senderId: null,
        communityId: broadcast.communityId,
        type: "SYSTEM_ANNOUNCEMENT",
        content: broadcast.subject,
        data: { kind: "broadcast" },
        email: false,
      })?.statements ?? [],
  );
  const done = people.length < size;
  await batch(db, [
    db
      .update(b)
      .set({
        sent: sql`${b.sent} + ${sent}`,
        skipped: sql`${b.skipped} + ${skipped}`,
        failed: sql`${b.failed} + ${failed}`,
        ...(done ? { status: "sent" as const, finishedAt: now } : {}),
      })
      .where(eq(b.id, broadcast.id)),
    ...copies,
  ]);
  return people.length;
}

/**
 * The cron's broadcast job: each queued or sending broadcast goes out in member id order, `size`
 * members a run, in each member's language; members who turned off announcement e-mails are skipped
 * and counted, and everyone gets the copy in their notifications.
 */
export async function sendBroadcasts(env: AppEnv, db: Db, now = Date.now(), size = BROADCAST_BATCH) {
  const due = await db
    .select({ broadcast: b, community: communities.name, sender: users.fullName })
    .from(b)
    .innerJoin(communities, eq(communities.id, b.communityId))
    .leftJoin(users, eq(users.id, b.senderId))
    .where(inArray(b.status, ["queued", "sending"]))
    .orderBy(asc(b.createdAt))
    .limit(BROADCASTS_PER_RUN);
  let members = 0;
  for (const { broadcast, community, sender } of due)
    members += await sendBatch(env, db, broadcast, { community, sender: sender?.trim() || community }, size, now);
  return { broadcasts: due.length, members };
}
