import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { LeaderRow, PointsEntry } from "../../../common/contract/leaderboard";
import { newId } from "../../../common/ids";
import { seedCommunity, seedMember, seedSession, seedUser } from "../../../tests/db-fixtures";
import { call, expectError, sessionCookie } from "../../../tests/factories";
import { openTestDb } from "../../../tests/test-db";
import type { Db } from "../../lib/db";
import { parseQueryStats } from "../../lib/query-count";
import { dayOf } from "../../lib/points";

type Person = { id: string; cookie: string };
type Board = { period: string; items: LeaderRow[]; me: LeaderRow; myTotal: number; levelNames: (string | null)[] };
type History = { items: PointsEntry[]; nextCursor: string | null };

const DAY = 86_400_000;

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});

async function person(fullName: string): Promise<Person> {
  const user = await seedUser(db, { fullName });
  return { id: user.id, cookie: await sessionCookie(await seedSession(db, user.id)) };
}

async function world() {
  const owner = await person("Olivia Owner");
  const admin = await person("Adam Admin");
  const moderator = await person("Mona Moderator");
  const member = await person("Mary Member");
  const outsider = await person("Oscar Outsider");
  const community = await seedCommunity(db, owner.id);
  await seedMember(db, community.id, admin.id, "admin");
  await seedMember(db, community.id, moderator.id, "moderator");
  await seedMember(db, community.id, member.id);
  return { owner, admin, moderator, member, outsider, community };
}

/** Points earned `daysAgo`, written as the ledger, the day's sum and the total are. */
async function earn(communityId: string, userId: string, points: number, daysAgo: number) {
  const at = Date.now() - daysAgo * DAY;
  await env.DB.batch([
    env.DB.prepare(
      "insert into point_events (id, user_id, community_id, amount, reason, source_kind, source_id, created_at) values (?, ?, ?, ?, 'post_created', 'post', ?, ?)",
    ).bind(newId(), userId, communityId, points, newId(), at),
    env.DB.prepare(
      "insert into point_days (community_id, user_id, day, points) values (?, ?, ?, ?) on conflict do update set points = points + excluded.points",
    ).bind(communityId, userId, dayOf(at), points),
    env.DB.prepare(
      "insert into user_points (user_id, community_id, points, updated_at) values (?, ?, ?, 0) on conflict do update set points = points + excluded.points",
    ).bind(userId, communityId, points),
  ]);
}

async function board(communityId: string, who: Person, period = "allTime"): Promise<Board> {
  const res = await call(`/api/communities/${communityId}/leaderboard?period=${period}`, { cookie: who.cookie });
  expect(res.status).toBe(200);
  expect(parseQueryStats(res.headers.get("server-timing"))).toMatchObject({ statements: 3, roundTrips: 1 });
  return (await res.json()) as Board;
}

const putLevels = (communityId: string, who: Person, names: unknown) =>
  call(`/api/communities/${communityId}/levels`, { method: "PUT", cookie: who.cookie, body: { names } });

const nine = (first: string) => [first, "", "", "", "", "", "", "", ""];

describe("levels", () => {
  it("are named by the owner and admins; members read them; others are refused", async () => {
    const w = await world();
    const read = async (who: Person) =>
      (
        (await (await call(`/api/communities/${w.community.id}/levels`, { cookie: who.cookie })).json()) as {
          levelNames: unknown[];
        }
      ).levelNames;
    expect(await read(w.member)).toEqual(Array(9).fill(null));
    expect((await putLevels(w.community.id, w.owner, nine("  Newcomer "))).status).toBe(200);
    expect(await read(w.member)).toEqual(["Newcomer", ...Array(8).fill(null)]);
    expect((await putLevels(w.community.id, w.admin, nine("Rookie"))).status).toBe(200);
    expect((await read(w.moderator))[0]).toBe("Rookie");
    await expectError(await putLevels(w.community.id, w.moderator, nine("Mine")), 403, "FORBIDDEN");
    await expectError(await putLevels(w.community.id, w.member, nine("Mine")), 403, "FORBIDDEN");
    await expectError(await putLevels(w.community.id, w.outsider, nine("Mine")), 403, "FORBIDDEN");
    await expectError(await call(`/api/communities/${w.community.id}/levels`, { cookie: w.outsider.cookie }), 404, "NOT_FOUND");
    expect((await read(w.owner))[0]).toBe("Rookie");
  });

  it.each([
    [["Only one"], "names"],
    ["not a list", "names"],
    [nine("x".repeat(31)), "names.0"],
    [nine("Bad\u0000name"), "names.0"],
  ])("refuses names %j with 422 naming the field", async (names, path) => {
    const w = await world();
    const body = await expectError(await putLevels(w.community.id, w.owner, names), 422, "VALIDATION_FAILED");
    expect(body.error.issues?.map((i) => i.path)).toContain(path);
  });

  it("announces a level reached through likes once, not again after unlike and like", async () => {
    const w = await world();
    const created = await call(`/api/communities/${w.community.id}/posts`, {
      cookie: w.member.cookie,
      body: { content: "Beginner plan" },
    });
    const { post } = (await created.json()) as { post: { id: string } };
    const likers = [w.owner, w.admin, w.moderator, await person("Liker 4"), await person("Liker 5")];
    for (const liker of likers.slice(3)) await seedMember(db, w.community.id, liker.id);
    const like = (who: Person, method: "POST" | "DELETE") => call(`/api/posts/${post.id}/like`, { method, cookie: who.cookie });
    const levels = async () =>
      (
        await env.DB.prepare(
          "select json_extract(data, '$.level') as level from notifications where recipient_id = ? and type = 'ACHIEVEMENT_EARNED' order by created_at, rowid",
        )
          .bind(w.member.id)
          .all<{ level: number }>()
      ).results.map((r) => r.level);
    expect(await levels()).toEqual([2]);
    for (const liker of likers) expect((await like(liker, "POST")).status).toBe(200);
    expect(await levels()).toEqual([2, 3]);
    expect((await like(likers[0]!, "DELETE")).status).toBe(200);
    expect((await like(likers[0]!, "POST")).status).toBe(200);
    expect((await board(w.community.id, w.member)).myTotal).toBe(20);
    expect(await levels()).toEqual([2, 3]);
  });
});

describe("GET /api/communities/:id/leaderboard", () => {
  it("ranks real periods from the ledger, ties sharing a rank, with the caller's own row", async () => {
    const w = await world();
    const [a, b, c, e] = [await person("A"), await person("B"), await person("C"), await person("E")];
    for (const p of [a, b, c, e]) await seedMember(db, w.community.id, p.id);
    await earn(w.community.id, a.id, 30, 2);
    await earn(w.community.id, e.id, 30, 2);
    await earn(w.community.id, b.id, 40, 20);
    await earn(w.community.id, c.id, 50, 40);
    await earn(w.community.id, w.admin.id, 5, 6.9);
    // Just over a week ago: in the month, not in the week, whatever the time of day.
    await earn(w.community.id, w.moderator.id, 1, 7.1);
    const view = (x: Board) => x.items.map((r) => [r.fullName, r.points, r.rank]);
    const tied = [a, e].sort((x, y) => (x.id < y.id ? -1 : 1)).map((p) => (p === a ? "A" : "E"));

    const week = await board(w.community.id, w.member, "week");
    expect(view(week)).toEqual([
      [tied[0], 30, 1],
      [tied[1], 30, 1],
      ["Adam Admin", 5, 3],
    ]);
    expect(week.me).toMatchObject({ fullName: "Mary Member", points: 0, rank: 4, level: 1 });

    const month = await board(w.community.id, w.member, "month");
    expect(view(month)).toEqual([
      ["B", 40, 1],
      [tied[0], 30, 2],
      [tied[1], 30, 2],
      ["Adam Admin", 5, 4],
      ["Mona Moderator", 1, 5],
    ]);
    expect(month.me).toMatchObject({ points: 0, rank: 6 });

    const allTime = await board(w.community.id, w.member);
    expect(view(allTime)).toEqual([
      ["C", 50, 1],
      ["B", 40, 2],
      [tied[0], 30, 3],
      [tied[1], 30, 3],
      ["Adam Admin", 5, 5],
      ["Mona Moderator", 1, 6],
    ]);
    expect(allTime.items.map((r) => r.level)).toEqual([3, 3, 3, 3, 2, 1]);
    // Levels come from all-time points whatever the period.
    expect(week.items[0]!.level).toBe(3);

    const mine = await board(w.community.id, a, "month");
    expect(mine.me).toMatchObject({ id: a.id, points: 30, rank: 2 });
    expect(mine.myTotal).toBe(30);
  });

  it("shows the top 50 and the caller's rank beyond them; blocked people are not ranked", async () => {
    const w = await world();
    for (let i = 0; i < 52; i++) {
      const p = await person(`Top ${i}`);
      await seedMember(db, w.community.id, p.id);
      await earn(w.community.id, p.id, 100 + i, 1);
    }
    await earn(w.community.id, w.member.id, 10, 1);
    const top = await board(w.community.id, w.member, "week");
    expect(top.items).toHaveLength(50);
    expect(top.items[0]).toMatchObject({ fullName: "Top 51", rank: 1, points: 151 });
    expect(top.me).toMatchObject({ id: w.member.id, rank: 53, points: 10 });

    await env.DB.prepare("insert into blocked_users (blocker_id, blocked_id, created_at) values (?, ?, 0)")
      .bind(top.items[0]!.id, w.member.id)
      .run();
    const after = await board(w.community.id, w.member, "week");
    expect(after.items[0]).toMatchObject({ fullName: "Top 50", rank: 1 });
    expect(after.me.rank).toBe(52);
  });

  it("ranks neither former members nor people blocked by the caller, in the top or in the caller's rank", async () => {
    const w = await world();
    const [gone, shy, low] = [await person("Gone"), await person("Shy"), await person("Low")];
    for (const p of [gone, shy, low]) await seedMember(db, w.community.id, p.id);
    await earn(w.community.id, gone.id, 90, 1);
    await earn(w.community.id, shy.id, 80, 1);
    await earn(w.community.id, w.admin.id, 70, 1);
    await earn(w.community.id, low.id, 5, 1);
    await earn(w.community.id, w.member.id, 10, 1);
    await env.DB.prepare("delete from community_members where community_id = ? and profile_id = ?")
      .bind(w.community.id, gone.id)
      .run();
    await env.DB.prepare("insert into blocked_users (blocker_id, blocked_id, created_at) values (?, ?, 0)")
      .bind(w.member.id, shy.id)
      .run();
    for (const period of ["allTime", "week"]) {
      const b = await board(w.community.id, w.member, period);
      expect(b.items.map((r) => [r.fullName, r.rank])).toEqual([
        ["Adam Admin", 1],
        ["Mary Member", 2],
        ["Low", 3],
      ]);
      expect(b.me).toMatchObject({ id: w.member.id, points: 10, rank: 2 });
    }
    // Someone without points comes after everyone ranked.
    expect((await board(w.community.id, w.moderator)).me).toMatchObject({ points: 0, rank: 5 });
    // Back in the community, back on the board with the points earned before.
    await seedMember(db, w.community.id, gone.id);
    for (const period of ["allTime", "week"]) {
      const b = await board(w.community.id, w.member, period);
      expect(b.items.map((r) => [r.fullName, r.points, r.rank])).toEqual([
        ["Gone", 90, 1],
        ["Adam Admin", 70, 2],
        ["Mary Member", 10, 3],
        ["Low", 5, 4],
      ]);
      expect(b.me.rank).toBe(3);
    }
  });

  it("reads the all-time board from the rank index: no sort, no lookup per member", async () => {
    const { leaderboardSql } = await import("./leaderboard.queries");
    const plan = await db.all<{ detail: string }>(sql`explain query plan ${leaderboardSql("c", "token", "allTime", 50)}`);
    const details = plan.map((r) => r.detail);
    expect(
      details
        .filter((d) => d.includes("user_points"))
        .every((d) => /USING (COVERING )?INDEX (user_points_rank_idx|sqlite_autoindex_user_points_1)/.test(d)),
    ).toBe(true);
    expect(details.some((d) => d.includes("user_points_rank_idx"))).toBe(true);
    expect(details.join(" | ")).not.toContain("community_members");
    // The blocks are the caller's few rows, each looked up: the range above is not walked for them.
    expect(details.join(" | ")).not.toMatch(/TEMP B-TREE|AUTOMATIC/);
  });

  it("is for members only and refuses an unknown period", async () => {
    const w = await world();
    await expectError(
      await call(`/api/communities/${w.community.id}/leaderboard`, { cookie: w.outsider.cookie }),
      404,
      "NOT_FOUND",
    );
    await expectError(await call(`/api/communities/${w.community.id}/leaderboard`), 401, "UNAUTHENTICATED");
    const bad = await expectError(
      await call(`/api/communities/${w.community.id}/leaderboard?period=year`, { cookie: w.member.cookie }),
      422,
      "VALIDATION_FAILED",
    );
    expect(bad.error.issues?.map((i) => i.path)).toEqual(["period"]);
  });
});

describe("GET /api/communities/:id/points", () => {
  it("explains each ledger row with who and what earned it, newest first, paged", async () => {
    const w = await world();
    const created = await call(`/api/communities/${w.community.id}/posts`, {
      cookie: w.member.cookie,
      body: { headline: "Beginner plan", content: "Week one" },
    });
    expect(created.status).toBe(201);
    const { post } = (await created.json()) as { post: { id: string } };
    expect((await call(`/api/posts/${post.id}/like`, { method: "POST", cookie: w.admin.cookie })).status).toBe(200);
    expect((await call(`/api/posts/${post.id}/like`, { method: "DELETE", cookie: w.admin.cookie })).status).toBe(200);

    const items: PointsEntry[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(
        `/api/communities/${w.community.id}/points?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        { cookie: w.member.cookie },
      );
      expect(res.status).toBe(200);
      expect(parseQueryStats(res.headers.get("server-timing"))).toMatchObject({ statements: 2, roundTrips: 1 });
      const body = (await res.json()) as History;
      items.push(...body.items);
      cursor = body.nextCursor;
    } while (cursor);

    const postRef = { id: post.id, title: "Beginner plan" };
    expect(items.map((i) => ({ amount: i.amount, reason: i.reason, actor: i.actor?.fullName ?? null, post: i.post }))).toEqual([
      { amount: -2, reason: "post_like_received_reversed", actor: "Adam Admin", post: postRef },
      { amount: 2, reason: "post_like_received", actor: "Adam Admin", post: postRef },
      { amount: 10, reason: "post_created", actor: null, post: postRef },
    ]);
    // Only the caller's own ledger.
    const admins = (await (
      await call(`/api/communities/${w.community.id}/points`, { cookie: w.admin.cookie })
    ).json()) as History;
    expect(admins.items).toEqual([]);
    await expectError(await call(`/api/communities/${w.community.id}/points`, { cookie: w.outsider.cookie }), 404, "NOT_FOUND");
    await expectError(
      await call(`/api/communities/${w.community.id}/points?cursor=nope`, { cookie: w.member.cookie }),
      422,
      "VALIDATION_FAILED",
    );
  });
});
