import { listDurableObjectIds } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { CommunityMember } from "../../../common/contract/members";
import { seedCommunity, seedMember, seedSession, seedUser } from "../../../tests/db-fixtures";
import { call, expectError, sessionCookie } from "../../../tests/factories";
import { openTestDb } from "../../../tests/test-db";
import type { Db } from "../../lib/db";
import { parseQueryStats } from "../../lib/query-count";

type Page = { items: CommunityMember[]; nextCursor: string | null; levelNames: (string | null)[] };
type Person = { id: string; cookie: string };

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});

/** A user with a live session, written straight into D1 (no sign-up: these tests need many people). */
async function person(fullName: string): Promise<Person> {
  const user = await seedUser(db, { fullName });
  return { id: user.id, cookie: await sessionCookie(await seedSession(db, user.id)) };
}

async function join(communityId: string, who: Person, role: "admin" | "moderator" | "member" = "member", points = 0) {
  await seedMember(db, communityId, who.id, role);
  if (points) {
    await env.DB.prepare("insert into user_points (user_id, community_id, points, updated_at) values (?, ?, ?, 0)")
      .bind(who.id, communityId, points)
      .run();
  }
}

const list = (communityId: string, who: Person | null, query = "") =>
  call(`/api/communities/${communityId}/members${query}`, { cookie: who?.cookie });

async function page(communityId: string, who: Person, query = ""): Promise<Page> {
  const res = await list(communityId, who, query);
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
}

/** Every page of one listing, following the cursors. */
async function walk(communityId: string, who: Person, query: string): Promise<CommunityMember[]> {
  const all: CommunityMember[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const p: Page = await page(communityId, who, `?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    all.push(...p.items);
    cursor = p.nextCursor;
    if (!cursor) return all;
  }
  throw new Error("the cursors never ended");
}

async function world() {
  const owner = await person("Olivia Owner");
  const admin = await person("Adam Admin");
  const moderator = await person("Mona Moderator");
  const member = await person("Ana Beridze");
  const outsider = await person("Oscar Outsider");
  const staff = await seedUser(db, { fullName: "Staff", staff: true });
  const staffer = { id: staff.id, cookie: await sessionCookie(await seedSession(db, staff.id)) };
  const community = await seedCommunity(db, owner.id);
  const elsewhere = await seedCommunity(db, outsider.id);
  await join(community.id, admin, "admin", 70);
  await join(community.id, moderator, "moderator", 20);
  await join(community.id, member, "member", 4);
  return { owner, admin, moderator, member, outsider, staffer, community, elsewhere };
}

describe("GET /api/communities/:id/members", () => {
  it("lists members for every member role, with role, owner flag, level and points; 404 for everyone else", async () => {
    const w = await world();
    for (const who of [w.owner, w.admin, w.moderator, w.member]) {
      const { items } = await page(w.community.id, who, "?sort=points");
      expect(items.map((m) => [m.fullName, m.role, m.isOwner, m.points, m.level, m.online])).toEqual([
        ["Adam Admin", "admin", false, 70, 4, false],
        ["Mona Moderator", "moderator", false, 20, 3, false],
        ["Ana Beridze", "member", false, 4, 1, false],
        ["Olivia Owner", "admin", true, 0, 1, false],
      ]);
    }
    await expectError(await list(w.community.id, w.outsider), 404, "NOT_FOUND");
    await expectError(await list(w.community.id, w.staffer), 404, "NOT_FOUND");
    await expectError(await list(w.elsewhere.id, w.member), 404, "NOT_FOUND");
    await expectError(await list("no-such-community", w.member), 404, "NOT_FOUND");
    await expectError(await list(w.community.id, null), 401, "UNAUTHENTICATED");
  });

  it("starts no room for a community the caller may not read, and asks it only once access holds", async () => {
    const w = await world();
    const rooms = env.CommunityRoom as DurableObjectNamespace;
    const started = async (communityId: string) =>
      (await listDurableObjectIds(rooms)).some((id) => id.equals(rooms.idFromName(communityId)));
    const unknown = crypto.randomUUID();
    for (const query of ["", "?online=true"]) {
      await expectError(await list(unknown, w.member, query), 404, "NOT_FOUND");
      await expectError(await list(w.elsewhere.id, w.member, query), 404, "NOT_FOUND");
      await expectError(await list(w.community.id, null, query), 401, "UNAUTHENTICATED");
    }
    expect(await started(unknown)).toBe(false);
    expect(await started(w.elsewhere.id)).toBe(false);
    expect(await started(w.community.id)).toBe(false);
    // A member's list asks the room (who is online); the online filter reads its page after it.
    expect((await page(w.community.id, w.member)).items).toHaveLength(4);
    const filtered = await list(w.community.id, w.member, "?online=true");
    expect(filtered.status).toBe(200);
    expect(((await filtered.json()) as Page).items).toEqual([]);
    expect(parseQueryStats(filtered.headers.get("server-timing"))?.roundTrips).toBe(2);
    expect(await started(w.community.id)).toBe(true);
  });

  it("hides people who blocked the caller and people the caller blocked, both ways", async () => {
    const w = await world();
    await env.DB.prepare("insert into blocked_users (blocker_id, blocked_id, created_at) values (?, ?, 0)")
      .bind(w.member.id, w.admin.id)
      .run();
    const seenBy = async (who: Person) => (await page(w.community.id, who)).items.map((m) => m.fullName).sort();
    expect(await seenBy(w.member)).toEqual(["Ana Beridze", "Mona Moderator", "Olivia Owner"]);
    expect(await seenBy(w.admin)).toEqual(["Adam Admin", "Mona Moderator", "Olivia Owner"]);
    expect(await seenBy(w.moderator)).toHaveLength(4);
    expect((await page(w.community.id, w.admin, "?q=ana")).items).toEqual([]);
  });

  it("pages by keyset in every sort, without caps, repeats or gaps, ties included", async () => {
    const w = await world();
    // Equal points and equal names: the id decides, so page borders inside a tie stay exact.
    for (let i = 0; i < 9; i++)
      await join(w.community.id, await person(i % 2 ? "Same Name" : `Zed ${i}`), "member", i < 5 ? 20 : 3);
    const everyone = (await page(w.community.id, w.owner, "?limit=100")).items;
    expect(everyone).toHaveLength(13);
    for (const sort of ["points", "name", "joined"] as const) {
      const walked = await walk(w.community.id, w.owner, `sort=${sort}&limit=2`);
      expect(walked.map((m) => m.id)).toEqual(
        (await page(w.community.id, w.owner, `?sort=${sort}&limit=100`)).items.map((m) => m.id),
      );
      expect(new Set(walked.map((m) => m.id)).size).toBe(13);
    }
    const byPoints = await walk(w.community.id, w.owner, "sort=points&limit=3");
    expect(byPoints.map((m) => m.points)).toEqual([...byPoints.map((m) => m.points)].sort((a, b) => b - a));
    const byName = await walk(w.community.id, w.owner, "sort=name&limit=4");
    expect(byName[0]!.fullName).toBe("Adam Admin");
    expect(byName.at(-1)!.fullName).toBe("Zed 8");
  });

  it("searches names case-insensitively in Latin, Cyrillic and Georgian, the last word as a prefix", async () => {
    const w = await world();
    await join(w.community.id, await person("Анна Петрова"));
    await join(w.community.id, await person("გიორგი ბერიძე"));
    await join(w.community.id, await person("Ёлка Иванова"));
    // Somebody of the same name elsewhere is not a member here.
    await join(w.elsewhere.id, await person("Анна Сидорова"));
    const names = async (q: string) =>
      (await page(w.community.id, w.member, `?q=${encodeURIComponent(q)}`)).items.map((m) => m.fullName).sort();
    expect(await names("ANA")).toEqual(["Ana Beridze"]);
    expect(await names("анна")).toEqual(["Анна Петрова"]);
    expect(await names("АННА пет")).toEqual(["Анна Петрова"]);
    expect(await names("გიორგი")).toEqual(["გიორგი ბერიძე"]);
    expect(await names("ბერ")).toEqual(["გიორგი ბერიძე"]);
    expect(await names("елка")).toEqual(["Ёлка Иванова"]);
    expect(await names("beri")).toEqual(["Ana Beridze"]);
    expect(await names("!!!")).toEqual([]);
    expect(await names('" OR *')).toEqual([]);
  });

  it("answers in one D1 round trip whatever the page size", async () => {
    const w = await world();
    for (const query of ["?limit=1", "?limit=100&sort=points", "?q=ana&sort=name"]) {
      const res = await list(w.community.id, w.member, query);
      expect(res.status).toBe(200);
      expect(parseQueryStats(res.headers.get("server-timing"))).toMatchObject({ statements: 3, roundTrips: 1 });
    }
  });

  it("walks the members by points down the rank index and stops at the page's end", async () => {
    const { membersPage } = await import("./members.queries");
    for (const after of [null, { v: 20, id: "x" }, { v: 0, id: "x" }]) {
      const statement = membersPage(db, {
        communityId: "c",
        token: "t",
        q: "",
        sort: "points",
        after,
        onlyIds: null,
        limit: 30,
      })!;
      const query = statement.getQuery();
      const { results } = await env.DB.prepare(`explain query plan ${query.sql}`)
        .bind(...query.params)
        .all<{ detail: string }>();
      const plan = results.map((r) => r.detail);
      if (!after || after.v > 0) expect(plan.some((d) => d.includes("user_points_rank_idx"))).toBe(true);
      // The one sort is of the page's own rows, once found.
      expect(plan.filter((d) => d.includes("TEMP B-TREE"))).toHaveLength(1);
      expect(plan.join(" | ")).not.toMatch(/SCAN (m|up)\b/);
    }
  });

  it("carries the names the owner gave the levels", async () => {
    const w = await world();
    const res = await call(`/api/communities/${w.community.id}/levels`, {
      method: "PUT",
      cookie: w.owner.cookie,
      body: { names: ["Newcomer", "", "Regular", "", "", "", "", "", "Legend"] },
    });
    expect(res.status).toBe(200);
    expect((await page(w.community.id, w.member)).levelNames).toEqual([
      "Newcomer",
      null,
      "Regular",
      null,
      null,
      null,
      null,
      null,
      "Legend",
    ]);
  });

  it.each([
    ["?sort=rank", "sort"],
    ["?limit=0", "limit"],
    ["?limit=101", "limit"],
    ["?cursor=nope", "cursor"],
    ["?online=maybe", "online"],
    [`?q=${"x".repeat(101)}`, "q"],
  ])("refuses %s with 422 naming the field", async (query, field) => {
    const w = await world();
    const body = await expectError(await list(w.community.id, w.member, query), 422, "VALIDATION_FAILED");
    expect(body.error.issues?.map((i) => i.path)).toContain(field);
  });

  it("refuses a cursor made for another sort", async () => {
    const w = await world();
    const { nextCursor } = await page(w.community.id, w.owner, "?sort=name&limit=1");
    await expectError(await list(w.community.id, w.owner, `?sort=points&cursor=${nextCursor}`), 422, "VALIDATION_FAILED");
  });
});
