import { and, desc, eq, gt, sql } from "drizzle-orm";
import { BROADCAST_INTERVAL_MS, broadcasts, type BroadcastItem } from "../../../common/contract/broadcasts";
import { newId } from "../../../common/ids";
import { assertWritable, viewerOf } from "../../lib/access";
import { batch, type Db } from "../../lib/db";
import { AppError, forbidden, notFound, unauthenticated } from "../../lib/errors";
import { canManage, hasMemberAccess } from "../../lib/permissions";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { sessionToken } from "../../lib/session";
import { communityBroadcasts as b, users } from "../../lib/tables";
import { audienceCount, inSegment } from "./audience";
import { broadcastMail } from "./broadcast-mail";

/** How many past broadcasts the list shows. */
const HISTORY = 50;

const itemFields = {
  id: b.id,
  subject: b.subject,
  body: b.body,
  segment: b.segment,
  level: b.minLevel,
  status: b.status,
  recipients: b.recipients,
  sent: b.sent,
  skipped: b.skipped,
  failed: b.failed,
  senderName: users.fullName,
  createdAt: b.createdAt,
  finishedAt: b.finishedAt,
};

const items = (db: Db, where: ReturnType<typeof eq>, limit: number) =>
  db
    .select(itemFields)
    .from(b)
    .leftJoin(users, eq(users.id, b.senderId))
    .where(where)
    .orderBy(desc(b.createdAt), desc(b.id))
    .limit(limit);

/** The latest broadcast of a community inside the 72-hour window, which decides when the next may go. */
const recent = (db: Db, communityId: string, now: number) =>
  db
    .select({ createdAt: b.createdAt })
    .from(b)
    .where(and(eq(b.communityId, communityId), gt(b.createdAt, now - BROADCAST_INTERVAL_MS)))
    .orderBy(desc(b.createdAt))
    .limit(1);

/** The owner and admins of the community, or platform staff for any community; who else asks gets 401/404/403. */
function requireManager({ actor, community, membership, user }: ReturnType<ReturnType<typeof viewerOf>["read"]>) {
  if (!user) throw unauthenticated();
  const staff = actor?.platformRole === "staff";
  if (!community || (!staff && !hasMemberAccess(actor, community, membership))) throw notFound("Community not found.");
  if (!staff && !canManage(actor, community, membership))
    throw forbidden("Only the community's owner and admins can write to its members.");
  return user;
}

const nextAllowed = (rows: { createdAt: number }[]) => (rows[0] ? rows[0].createdAt + BROADCAST_INTERVAL_MS : null);

/**
 * /api/communities/:id/broadcasts: the community's e-mails to its members, when the next may be
 * written, how many a segment reaches, a preview of the mail, and writing one (the cron sends it). Reads are one D1 round
 * trip; writing is two (the access check, then the guarded insert with its answer).
 */
export const broadcastsRoutes = [
  route(broadcasts.list, async (c) => {
    const db = c.var.db;
    const communityId = c.req.valid("param").id;
    const now = Date.now();
    const access = viewerOf(db, await sessionToken(c), communityId);
    const history = items(db, eq(b.communityId, communityId), HISTORY);
    const last = recent(db, communityId, now);
    const read = await batch(db, [access.query, history, last]);
    requireManager(access.read(c, read(access.query)));
    return respond(c, broadcasts.list, { nextAllowedAt: nextAllowed(read(last)), items: read(history) as BroadcastItem[] });
  }),

  route(broadcasts.audience, async (c) => {
    const db = c.var.db;
    const communityId = c.req.valid("param").id;
    const { segment, level } = c.req.valid("query");
    const access = viewerOf(db, await sessionToken(c), communityId);
    const count = db.all<{ count: number }>(
      sql`select ${audienceCount(communityId, inSegment(segment, level ?? null, Date.now()))} as count`,
    );
    const read = await batch(db, [access.query, count]);
    requireManager(access.read(c, read(access.query)));
    return respond(c, broadcasts.audience, { count: Number(read(count)[0]?.count ?? 0) });
  }),

  // The mail exactly as the cron would write it, addressed to the sender, in the language asked for; one round trip.
  route(broadcasts.preview, async (c) => {
    const db = c.var.db;
    const communityId = c.req.valid("param").id;
    const input = c.req.valid("json");
    const access = viewerOf(db, await sessionToken(c), communityId);
    const read = await batch(db, [access.query]);
    const viewer = access.read(c, read(access.query));
    const user = requireManager(viewer);
    const community = viewer.community!.name;
    const mail = await broadcastMail(
      c.env,
      { communityId, subject: input.subject, body: input.body },
      { community, sender: user.fullName.trim() || community },
      { id: user.id, email: user.email, fullName: user.fullName, language: input.language ?? user.language },
    );
    return respond(c, broadcasts.preview, { subject: mail.subject, html: mail.html, text: mail.text });
  }),

  route(broadcasts.create, async (c) => {
    const db = c.var.db;
    const communityId = c.req.valid("param").id;
    const input = c.req.valid("json");
    const now = Date.now();
    const access = viewerOf(db, await sessionToken(c), communityId);
    const last = recent(db, communityId, now);
    const first = await batch(db, [access.query, last]);
    const viewer = access.read(c, first(access.query));
    const user = requireManager(viewer);
    // An archived community is read-only: it writes to nobody.
    assertWritable(viewer.community!);
    const next = nextAllowed(first(last));
    if (next !== null) throw tooSoon(next);

    const id = newId(now);
    const level = input.segment === "level" ? (input.level ?? 1) : null;
    const recipients = audienceCount(communityId, inSegment(input.segment, level, now));
    // Guarded by the window again, so two writes at once still leave one broadcast.
    const insert = db.run(
      sql`insert into ${b} (id, community_id, sender_id, subject, body, segment, min_level, status, recipients, created_at)
          select ${id}, ${communityId}, ${user.id}, ${input.subject}, ${input.body}, ${input.segment}, ${level}, 'queued', ${recipients}, ${now}
          where not exists (select 1 from ${b} where ${b.communityId} = ${communityId} and ${b.createdAt} > ${now - BROADCAST_INTERVAL_MS})`,
    );
    const written = items(db, eq(b.id, id), 1);
    const read = await batch(db, [insert, written]);
    const row = read(written)[0];
    if (!row) throw tooSoon(now + BROADCAST_INTERVAL_MS);
    return respond(c, broadcasts.create, row as BroadcastItem);
  }),
];

function tooSoon(next: number) {
  const when = new Date(next).toISOString().replace("T", " ").slice(0, 16);
  return new AppError(
    "RATE_LIMITED",
    `A community can send one broadcast every 72 hours. The next one can be sent after ${when} UTC.`,
  );
}
