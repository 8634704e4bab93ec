import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { BROADCAST_BODY_MAX, BROADCAST_INTERVAL_MS, type BroadcastItem } from "../../../common/contract/broadcasts";
import * as schema from "../../../db/schema";
import { stopClock } from "../../../tests/clock";
import { seedCommunity, seedMember, seedSession, seedUser } from "../../../tests/db-fixtures";
import { call, expectError, sessionCookie } from "../../../tests/factories";
import { openTestDb } from "../../../tests/test-db";
import type { AppEnv } from "../../env";
import type { Db } from "../../lib/db";
import { parseQueryStats } from "../../lib/query-count";
import { sendBroadcasts } from "./send";

const NOW = Date.UTC(2026, 5, 10, 12);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});

async function person(fullName: string, opts: { staff?: boolean; language?: "en" | "ka" | "ru" } = {}) {
  const user = await seedUser(db, { fullName, staff: opts.staff });
  if (opts.language) await db.update(schema.users).set({ language: opts.language }).where(eq(schema.users.id, user.id));
  return { id: user.id, email: user.email, cookie: await sessionCookie(await seedSession(db, user.id)) };
}

/**
 * Owner, admin, moderator and three plain members: Ann (English), Bea (Georgian, 20 points, turned the
 * platform's announcement mails off, which are not broadcasts), Cid (Russian, paying, turned broadcasts off).
 */
async function world() {
  const owner = await person("Olivia Owner");
  const admin = await person("Adam Admin");
  const moderator = await person("Mona Moderator");
  const ann = await person("Ann", { language: "en" });
  const bea = await person("Bea", { language: "ka" });
  const cid = await person("Cid", { language: "ru" });
  const outsider = await person("Otto Outsider");
  const staff = await person("Sam Staff", { staff: true });
  const community = await seedCommunity(db, owner.id, { name: "Garden Club" });
  await seedMember(db, community.id, admin.id, "admin");
  await seedMember(db, community.id, moderator.id, "moderator");
  for (const m of [ann, bea, cid]) await seedMember(db, community.id, m.id);
  await db.insert(schema.userPoints).values({ userId: bea.id, communityId: community.id, points: 20 });
  await db
    .update(schema.communityMembers)
    .set({ subscriptionId: "sub-cid" })
    .where(and(eq(schema.communityMembers.communityId, community.id), eq(schema.communityMembers.profileId, cid.id)));
  await db.insert(schema.notificationPreferences).values({ userId: cid.id, broadcastEmail: false });
  await db
    .insert(schema.notificationTypePreferences)
    .values({ userId: bea.id, type: "SYSTEM_ANNOUNCEMENT", inApp: true, email: false });
  // Ann was active yesterday; everyone else has been quiet.
  await db
    .insert(schema.communityMemberDays)
    .values({ communityId: community.id, day: Math.floor(NOW / DAY) - 1, userId: ann.id, actions: 1 });
  return { owner, admin, moderator, ann, bea, cid, outsider, staff, community };
}

const message = {
  subject: "Spring meetup",
  body: "Hello all!\n\nWe meet on Saturday: https://example.com/meetup",
  segment: "all",
};
const base = (id: string) => `/api/communities/${id}/broadcasts`;
const post = (id: string, cookie: string | undefined, body: unknown) => call(base(id), { method: "POST", cookie, body });

async function mailsTo(to: string) {
  const { results } = await env.DB.prepare(
    `select subject, text, headers from mail_outbox where "to" = ? and kind = 'broadcast' order by created_at, id`,
  )
    .bind(to)
    .all<{ subject: string; text: string; headers: string }>();
  return results;
}

describe("community broadcasts", () => {
  it("lets only the owner, admins and staff read, count and write", async () => {
    stopClock(NOW);
    const w = await world();
    await expectError(await call(base(w.community.id)), 401);
    await expectError(await call(base(w.community.id), { cookie: w.outsider.cookie }), 404);
    await expectError(await call(base(w.community.id), { cookie: w.ann.cookie }), 403);
    await expectError(await call(base(w.community.id), { cookie: w.moderator.cookie }), 403);
    await expectError(await post(w.community.id, w.ann.cookie, message), 403);
    await expectError(await call(`${base(w.community.id)}/audience?segment=all`, { cookie: w.ann.cookie }), 403);
    for (const who of [w.owner, w.admin, w.staff]) {
      const res = await call(base(w.community.id), { cookie: who.cookie });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ nextAllowedAt: null, items: [] });
      expect(parseQueryStats(res.headers.get("server-timing"))).toMatchObject({ roundTrips: 1 });
    }
  });

  it("previews the mail for the sender in the language asked for, in one round trip, writing nothing", async () => {
    stopClock(NOW);
    const w = await world();
    const preview = (who: { cookie: string } | undefined, body: unknown) =>
      call(`${base(w.community.id)}/preview`, { method: "POST", cookie: who?.cookie, body });
    await expectError(await preview(undefined, message), 401);
    await expectError(await preview(w.outsider, message), 404);
    await expectError(await preview(w.ann, message), 403);
    await expectError(await preview(w.moderator, message), 403);
    const invalid = await expectError(await preview(w.owner, { ...message, subject: " ", language: "de" }), 422);
    expect(invalid.error.issues?.map((i) => i.path).sort()).toEqual(["language", "subject"]);

    const res = await preview(w.admin, { subject: "Spring <meetup>", body: message.body, language: "ka" });
    expect(res.status).toBe(200);
    expect(parseQueryStats(res.headers.get("server-timing"))).toMatchObject({ roundTrips: 1 });
    const mail = (await res.json()) as { subject: string; html: string; text: string };
    expect(mail.subject).toBe("Spring <meetup>");
    expect(mail.html).toContain('lang="ka"');
    expect(mail.html).toContain("Spring &lt;meetup&gt;");
    expect(mail.html).toContain('<a href="https://example.com/meetup">');
    expect(mail.text).toContain("Adam Admin");
    expect(mail.text).toContain("Garden Club-ის წევრებს");
    // The sender's own language without one asked for.
    const own = (await (await preview(w.owner, message)).json()) as { text: string };
    expect(own.text).toContain("Olivia Owner wrote to the members of Garden Club");
    const list = (await (await call(base(w.community.id), { cookie: w.owner.cookie })).json()) as { items: unknown[] };
    expect(list.items).toEqual([]);
    expect(await mailsTo(w.admin.email)).toHaveLength(0);
  });

  it("counts each segment", async () => {
    stopClock(NOW);
    const w = await world();
    const count = async (query: string) => {
      const res = await call(`${base(w.community.id)}/audience?${query}`, { cookie: w.owner.cookie });
      expect(res.status).toBe(200);
      expect(parseQueryStats(res.headers.get("server-timing"))).toMatchObject({ roundTrips: 1 });
      return ((await res.json()) as { count: number }).count;
    };
    expect(await count("segment=all")).toBe(6);
    expect(await count("segment=paid")).toBe(1);
    expect(await count("segment=free")).toBe(5);
    expect(await count("segment=level&level=3")).toBe(1);
    expect(await count("segment=level&level=1")).toBe(6);
    expect(await count("segment=inactive")).toBe(5);
  });

  it("refuses a broadcast from an archived community (409 READ_ONLY), writing nothing", async () => {
    stopClock(NOW);
    const w = await world();
    await db.update(schema.communities).set({ archived: true }).where(eq(schema.communities.id, w.community.id));
    await expectError(await post(w.community.id, w.owner.cookie, message), 409, "READ_ONLY");
    const list = (await (await call(base(w.community.id), { cookie: w.owner.cookie })).json()) as { items: unknown[] };
    expect(list.items).toEqual([]);
  });

  it("refuses bad input with field issues", async () => {
    stopClock(NOW);
    const w = await world();
    const issue = async (body: unknown, path: string) => {
      const error = await expectError(await post(w.community.id, w.owner.cookie, body), 422);
      expect(error.error.issues?.map((i) => i.path)).toContain(path);
    };
    await issue({ ...message, subject: "  " }, "subject");
    await issue({ ...message, body: "x".repeat(BROADCAST_BODY_MAX + 1) }, "body");
    await issue({ ...message, segment: "everyone" }, "segment");
    await issue({ ...message, segment: "level", level: 10 }, "level");
    await issue({ ...message, segment: "level" }, "level");
    await expectError(await call(`${base(w.community.id)}/audience?segment=level&level=0`, { cookie: w.owner.cookie }), 422);
    expect(
      await db.select().from(schema.communityBroadcasts).where(eq(schema.communityBroadcasts.communityId, w.community.id)),
    ).toEqual([]);
  });

  it("allows one broadcast per 72 hours", async () => {
    const clock = stopClock(NOW);
    const w = await world();
    const res = await post(w.community.id, w.admin.cookie, message);
    expect(res.status).toBe(201);
    expect(parseQueryStats(res.headers.get("server-timing"))?.roundTrips).toBeLessThanOrEqual(2);
    const created = (await res.json()) as BroadcastItem;
    expect(created).toMatchObject({ status: "queued", recipients: 6, sent: 0, senderName: "Adam Admin" });

    clock.set(NOW + BROADCAST_INTERVAL_MS - 1);
    // Sessions do not outlive days of a stopped clock: a fresh one for the owner.
    const owner = await sessionCookie(await seedSession(db, w.owner.id));
    const refused = await expectError(await post(w.community.id, owner, message), 429, "RATE_LIMITED");
    expect(refused.error.message).toMatch(/72 hours/);
    const list = (await (await call(base(w.community.id), { cookie: owner })).json()) as {
      nextAllowedAt: number;
      items: BroadcastItem[];
    };
    expect(list.nextAllowedAt).toBe(NOW + BROADCAST_INTERVAL_MS);
    expect(list.items.map((i) => i.id)).toEqual([created.id]);

    clock.set(NOW + BROADCAST_INTERVAL_MS);
    expect((await post(w.community.id, owner, message)).status).toBe(201);
  });

  it("sends in batches, once, in each member's language, with a copy in their notifications", async () => {
    stopClock(NOW);
    const w = await world();
    const res = await post(w.community.id, w.owner.cookie, { ...message, segment: "free" });
    const created = (await res.json()) as BroadcastItem;
    expect(created.recipients).toBe(5);
    const e = env as unknown as AppEnv;
    const status = async () => {
      const list = (await (await call(base(w.community.id), { cookie: w.owner.cookie })).json()) as { items: BroadcastItem[] };
      return list.items[0]!;
    };

    await sendBroadcasts(e, db, NOW, 2);
    expect(await status()).toMatchObject({ status: "sending", sent: 2 });
    // Two runs at once: only one takes the next members.
    await Promise.all([sendBroadcasts(e, db, NOW, 2), sendBroadcasts(e, db, NOW, 2)]);
    await sendBroadcasts(e, db, NOW, 2);
    await sendBroadcasts(e, db, NOW, 2);
    expect(await status()).toMatchObject({ status: "sent", recipients: 5, sent: 5, skipped: 0, failed: 0 });

    const ann = await mailsTo(w.ann.email);
    expect(ann).toHaveLength(1);
    expect(ann[0]!.subject).toBe("Spring meetup");
    expect(ann[0]!.text).toContain("Olivia Owner wrote to the members of Garden Club");
    expect(ann[0]!.text).toContain("https://example.com/meetup");
    const bea = await mailsTo(w.bea.email);
    expect(bea).toHaveLength(1);
    expect(bea[0]!.text).toContain("Garden Club-ის წევრებს");
    expect(await mailsTo(w.cid.email)).toHaveLength(0); // paying: not in the segment

    const copies = await db
      .select()
      .from(schema.notifications)
      .where(and(eq(schema.notifications.recipientId, w.ann.id), eq(schema.notifications.communityId, w.community.id)));
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({ type: "SYSTEM_ANNOUNCEMENT", content: "Spring meetup" });
  });

  it("counts mails the mail service refuses as failed, once each", async () => {
    stopClock(NOW);
    const w = await world();
    expect((await post(w.community.id, w.owner.cookie, { ...message, segment: "free" })).status).toBe(201);
    // Production's path (not the development outbox): the send_email binding refuses every message.
    const refusing = {
      ...(env as unknown as AppEnv),
      APP_ENV: "production",
      AUTH_SECRET: "a-test-secret-of-enough-length-0123456789",
      EMAIL: { send: () => Promise.reject(new Error("destination address is not verified")) },
    } as unknown as AppEnv;
    await sendBroadcasts(refusing, db, NOW, 200);
    const list = (await (await call(base(w.community.id), { cookie: w.owner.cookie })).json()) as { items: BroadcastItem[] };
    expect(list.items[0]).toMatchObject({ status: "sent", recipients: 5, sent: 0, skipped: 0, failed: 5 });
    const { results } = await env.DB.prepare(`select status from mail_outbox where kind = 'broadcast' and "to" in (?, ?)`)
      .bind(w.ann.email, w.bea.email)
      .all<{ status: string }>();
    expect(results.map((r) => r.status)).toEqual(["failed", "failed"]);
  });

  it("skips members who turned the mails off, and its one-click unsubscribe works", async () => {
    stopClock(NOW);
    const w = await world();
    await post(w.community.id, w.owner.cookie, { ...message, segment: "paid" });
    await post(w.community.id, w.owner.cookie, message); // refused: one a window
    await sendBroadcasts(env as unknown as AppEnv, db, NOW, 2);
    const list = (await (await call(base(w.community.id), { cookie: w.owner.cookie })).json()) as { items: BroadcastItem[] };
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ status: "sent", recipients: 1, sent: 0, skipped: 1 });
    expect(await mailsTo(w.cid.email)).toHaveLength(0);
    const cidCopies = await db.select().from(schema.notifications).where(eq(schema.notifications.recipientId, w.cid.id));
    expect(cidCopies.some((n) => n.content === "Spring meetup")).toBe(true);

    // Ann gets the next one (three days on) in Russian after switching, then unsubscribes with one click.
    stopClock(NOW + BROADCAST_INTERVAL_MS);
    await db.update(schema.users).set({ language: "ru" }).where(eq(schema.users.id, w.ann.id));
    const owner = await sessionCookie(await seedSession(db, w.owner.id));
    expect((await post(w.community.id, owner, message)).status).toBe(201);
    await sendBroadcasts(env as unknown as AppEnv, db, NOW + BROADCAST_INTERVAL_MS, 200);
    const [mail] = await mailsTo(w.ann.email);
    expect(mail!.text).toContain("пишет участникам сообщества Garden Club");
    const headers = JSON.parse(mail!.headers) as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const oneClick = headers["List-Unsubscribe"]!.slice(1, -1);
    const unsubscribed = await call(new URL(oneClick).pathname + new URL(oneClick).search, { method: "POST" });
    expect(unsubscribed.status).toBe(200);
    // It stops broadcasts, and only them: her other e-mails keep their switches.
    const [own] = await db
      .select()
      .from(schema.notificationPreferences)
      .where(eq(schema.notificationPreferences.userId, w.ann.id));
    expect(own?.broadcastEmail).toBe(false);
    const types = await db
      .select()
      .from(schema.notificationTypePreferences)
      .where(eq(schema.notificationTypePreferences.userId, w.ann.id));
    expect(types).toEqual([]);
    const ann = await sessionCookie(await seedSession(db, w.ann.id));
    const settings = (await (await call("/api/notifications/preferences", { cookie: ann })).json()) as {
      broadcastEmail: boolean;
      types: { email: boolean }[];
    };
    expect(settings.broadcastEmail).toBe(false);
    expect(settings.types.every((t) => t.email)).toBe(true);
  });
});
