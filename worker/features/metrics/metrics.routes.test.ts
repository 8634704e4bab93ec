import { env, exports } from "cloudflare:workers";
import { eq, and } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { MetricDay, MetricSeries, MetricTotals, TopContributor } from "../../../common/contract/metrics";
import { daysOf } from "../../../common/metric-series";
import { totalsOf } from "../../../common/metric-totals";
import { newId } from "../../../common/ids";
import * as schema from "../../../db/schema";
import { stopClock } from "../../../tests/clock";
import { seedCommunity, seedMember, seedPost, seedSession, seedUser } from "../../../tests/db-fixtures";
import { call, expectError, sessionCookie } from "../../../tests/factories";
import { openTestDb } from "../../../tests/test-db";
import type { Db } from "../../lib/db";
import { parseQueryStats } from "../../lib/query-count";

type Metrics = { days: number; updatedAt: number | null; current: MetricDay[]; previous: MetricTotals; top: TopContributor[] };

const DAY = 86_400_000;
/** Noon UTC of the "today" every figure below is computed for. */
const NOON = Date.UTC(2026, 5, 10, 12);
const TODAY = NOON - 12 * 3_600_000;
const at = (daysAgo: number, hour = 10) => TODAY - daysAgo * DAY + hour * 3_600_000;

const runCron = (now: number) =>
  (exports.default as unknown as Required<ExportedHandler>).scheduled(
    { cron: "*/15 * * * *", scheduledTime: now, noRetry() {} } as ScheduledController,
    env,
    {} as ExecutionContext,
  );

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});

async function person(fullName: string, staff = false) {
  const user = await seedUser(db, { fullName, staff });
  return { id: user.id, cookie: await sessionCookie(await seedSession(db, user.id)) };
}

const joinedAt = (communityId: string, userId: string, time: number) =>
  db
    .update(schema.communityMembers)
    .set({ joinedAt: time })
    .where(and(eq(schema.communityMembers.communityId, communityId), eq(schema.communityMembers.profileId, userId)));

const postAt = async (communityId: string, authorId: string, time: number) => {
  const post = await seedPost(db, communityId, authorId);
  await db.update(schema.posts).set({ createdAt: time }).where(eq(schema.posts.id, post.id));
  return post;
};

/**
 * A small world on a stopped clock, with figures worked out by hand: the community started 5 days ago
 * with its owner; Ann joined 3 days ago, Ben yesterday, Cat today. Yesterday Ann wrote 2 posts and Ben
 * a comment, today Cat a post. Yesterday Ann paid 10 ₾ to join and Ben 5 ₾, which was refunded today.
 * Ann's monthly subscription is 30 ₾, Ben's yearly one 120 ₾ (10 ₾ a month).
 */
async function world() {
  const owner = await person("Olivia Owner");
  const admin = await person("Adam Admin");
  const moderator = await person("Mona Moderator");
  const member = await person("Mary Member");
  const outsider = await person("Oscar Outsider");
  const staff = await person("Stella Staff", true);
  const ann = await person("Ann");
  const ben = await person("Ben");
  const cat = await person("Cat");
  const community = await seedCommunity(db, owner.id, { createdAt: at(5), isPaid: true, price: 3000 });
  await joinedAt(community.id, owner.id, at(5));
  for (const [who, daysAgo] of [
    [ann, 3],
    [ben, 1],
    [cat, 0],
  ] as const) {
    await seedMember(db, community.id, who.id);
    await joinedAt(community.id, who.id, at(daysAgo));
  }
  const annPost = await postAt(community.id, ann.id, at(1, 8));
  await postAt(community.id, ann.id, at(1, 9));
  await postAt(community.id, cat.id, at(0, 9));
  await db.insert(schema.postComments).values({ postId: annPost.id, authorId: ben.id, content: "Nice", createdAt: at(1, 11) });
  const annSubscription = newId();
  await db.insert(schema.paymentOrders).values([
    {
      userId: ann.id,
      subscriptionId: annSubscription,
      communityId: community.id,
      kind: "join_community",
      amount: 1000,
      status: "approved",
      createdAt: at(1),
      updatedAt: at(1),
    },
    {
      userId: ben.id,
      communityId: community.id,
      kind: "join_community",
      amount: 500,
      status: "reversed",
      createdAt: at(1),
      updatedAt: at(0, 8),
    },
  ]);
  await db.insert(schema.userSubscriptions).values([
    {
      id: annSubscription,
      userId: ann.id,
      communityId: community.id,
      amount: 3000,
      interval: "monthly",
      currentPeriodStart: at(3),
      currentPeriodEnd: at(-27),
      createdAt: at(3),
    },
    {
      userId: ben.id,
      communityId: community.id,
      amount: 12000,
      interval: "yearly",
      currentPeriodStart: at(1),
      currentPeriodEnd: at(-364),
      createdAt: at(1),
    },
  ]);
  // The test's own staff, admin, moderator and member joined long before the period.
  await seedMember(db, community.id, admin.id, "admin");
  await seedMember(db, community.id, moderator.id, "moderator");
  await seedMember(db, community.id, member.id);
  for (const who of [admin, moderator, member]) await joinedAt(community.id, who.id, at(5));
  return { owner, admin, moderator, member, outsider, staff, ann, ben, cat, community };
}

async function read(communityId: string, cookie: string, days = "7") {
  const res = await call(`/api/communities/${communityId}/metrics?days=${days}`, { cookie });
  expect(res.status).toBe(200);
  expect(parseQueryStats(res.headers.get("server-timing"))).toMatchObject({ statements: 4, roundTrips: 1 });
  const body = (await res.json()) as Omit<Metrics, "current"> & { current: MetricSeries };
  return { ...body, current: daysOf(body.current) };
}

const dayOf = (m: Metrics, daysAgo: number) => m.current[m.current.length - 1 - daysAgo]!;
const sum = (days: MetricDay[], key: Exclude<keyof MetricDay, "observed">) => days.reduce((total, day) => total + day[key], 0);

describe("community metrics", () => {
  it("match a hand-computed world, joins, leaves, activity, money and top contributors, from the cron's rollups", async () => {
    const clock = stopClock(NOON);
    const w = await world();
    await runCron(NOON);

    const m = await read(w.community.id, w.owner.cookie);
    expect(m.days).toBe(7);
    expect(m.current).toHaveLength(7);
    expect(m.previous).toMatchObject({ joins: 0, members: 0, posts: 0, netRevenue: 0, churnRate: null });
    expect(m.current.at(-1)!.date).toBe(TODAY);
    expect(m.updatedAt).toBe(NOON);
    // Owner, admin, moderator, member 5 days ago; Ann 3 days ago; Ben yesterday; Cat today.
    expect(m.current.map((d) => d.joins)).toEqual([0, 4, 0, 1, 0, 1, 1]);
    expect(m.current.map((d) => d.members)).toEqual([0, 4, 4, 5, 5, 6, 7]);
    expect(sum(m.current, "leaves")).toBe(0);
    // The first run filled the days before today in from history: their membership was not seen.
    expect(m.current.map((d) => d.observed)).toEqual([false, false, false, false, false, false, true]);
    expect(dayOf(m, 1)).toMatchObject({ posts: 2, comments: 1, active: 2, revenue: 1500, refunds: 0 });
    expect(dayOf(m, 0)).toMatchObject({ posts: 1, comments: 0, active: 1, active30: 3, refunds: 500 });
    // Ann monthly 30 ₾ + Ben yearly 120 ₾ / 12: 40 ₾ a month from 2 paid members.
    expect(dayOf(m, 0)).toMatchObject({ paidMembers: 2, mrr: 4000 });
    expect(sum(m.current, "revenue") - sum(m.current, "refunds")).toBe(1000);
    expect(m.top.map((t) => [t.fullName, t.posts, t.comments])).toEqual([
      ["Ann", 2, 0],
      ...[
        ["Ben", 0, 1, w.ben.id],
        ["Cat", 1, 0, w.cat.id],
      ]
        .sort((a, b) => ((a[3] as string) < (b[3] as string) ? -1 : 1))
        .map((row) => row.slice(0, 3)),
    ]);

    // Cat leaves half an hour later; the next run sees one member fewer and counts the leave today.
    await db
      .delete(schema.communityMembers)
      .where(and(eq(schema.communityMembers.communityId, w.community.id), eq(schema.communityMembers.profileId, w.cat.id)));
    clock.set(NOON + 1_800_000);
    await runCron(NOON + 1_800_000);
    const after = await read(w.community.id, w.owner.cookie);
    expect(dayOf(after, 0)).toMatchObject({ joins: 1, leaves: 1, members: 6 });
    expect(dayOf(after, 1)).toMatchObject({ joins: 1, leaves: 0, members: 6 });
    expect(after.updatedAt).toBe(NOON + 1_800_000);

    // The 30-day period compares with the 30 days before, which held nothing yet.
    const month = await read(w.community.id, w.owner.cookie, "30");
    expect(month.current).toHaveLength(30);
    expect(month.previous.joins).toBe(0);
    expect(sum(month.current, "posts")).toBe(3);

    // A day on, yesterday's re-count keeps what its own runs saw of membership: seen, one leave.
    clock.set(NOON + DAY);
    await runCron(NOON + DAY);
    // Sessions do not outlive a day of a stopped clock: a fresh one for the owner.
    const next = await read(w.community.id, await sessionCookie(await seedSession(db, w.owner.id)));
    expect(dayOf(next, 1)).toMatchObject({ leaves: 1, members: 6, observed: true });
    expect(dayOf(next, 0)).toMatchObject({ observed: true });
    expect(dayOf(next, 2)).toMatchObject({ observed: false });

    // A week on, the cron's 7-day ranking holds nobody, its 30-day one all three writers.
    clock.set(NOON + 7 * DAY);
    await runCron(NOON + 7 * DAY);
    const owner = await sessionCookie(await seedSession(db, w.owner.id));
    const weekOn = await read(w.community.id, owner);
    expect(weekOn.top).toEqual([]);
    // The week before it is the first week, added up by the worker for the comparison.
    expect(weekOn.previous).toMatchObject({ joins: 7, leaves: 1, members: 6, posts: 3, comments: 1, netRevenue: 1000 });
    // Summed in D1, they are what the page adds up from the same days.
    expect(weekOn.previous).toEqual(totalsOf(after.current));
    expect((await read(w.community.id, owner, "30")).top.map((t) => t.fullName)).toEqual(month.top.map((t) => t.fullName));
    expect(month.top).toHaveLength(3);
  });

  it("answers the owner, admins and staff; members and moderators 403; outsiders 404; guests 401", async () => {
    stopClock(NOON);
    const w = await world();
    const path = `/api/communities/${w.community.id}/metrics`;
    for (const who of [w.owner, w.admin, w.staff]) expect((await call(path, { cookie: who.cookie })).status).toBe(200);
    for (const who of [w.member, w.moderator]) await expectError(await call(path, { cookie: who.cookie }), 403, "FORBIDDEN");
    await expectError(await call(path, { cookie: w.outsider.cookie }), 404, "NOT_FOUND");
    await expectError(await call(`/api/communities/${newId()}/metrics`, { cookie: w.staff.cookie }), 404, "NOT_FOUND");
    await expectError(await call(path), 401);
  });

  it("refuses a period it does not offer with a readable field issue", async () => {
    const w = await world();
    const body = await expectError(
      await call(`/api/communities/${w.community.id}/metrics?days=5`, { cookie: w.owner.cookie }),
      422,
    );
    expect(body.error.issues?.[0]).toMatchObject({ path: "days" });
    expect(body.error.issues?.[0]?.message).toMatch(/7, 30, 90, 365/);
  });
});
