import { and, eq, sql, type SQLWrapper } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../common/ids";
import { stopClock } from "../../tests/clock";
import { seedCommunity, seedMember, seedPost, seedSession, seedUser } from "../../tests/db-fixtures";
import { openTestDb, testEngine } from "../../tests/test-db";
import type { AppEnv, HonoEnv } from "../env";
import {
  asMember,
  assertWritable,
  blockedBetween,
  commentFor,
  load,
  memberCommunityIds,
  memberOf,
  postFor,
  readOnly,
  roleRankSql,
  toAccess,
  toActor,
  viewerOf,
  visibleCommunity,
  type Access,
  type AccessColumns,
} from "./access";
import type { Db } from "./db";
import { AppError } from "./errors";
import { roleRank, type CommunityFacts } from "./permissions";
import type { SessionUser } from "./session";
import {
  blockedUsers,
  communities,
  communityMembers,
  communityTopics,
  membershipRequests,
  postComments,
  posts,
  sessions,
  users,
} from "./tables";

// Every check of access.ts run straight against the database, without the app's routes: the mutation
// run of access.ts (stryker/groups.mjs) needs these to be fast, and exact in what they assert.
let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});

type Refusal = { status: number; code: string; message: string };
const refusalOf = (e: AppError): Refusal => ({ status: e.status, code: e.code, message: e.message });
const notFound = (message: string): Refusal => ({ status: 404, code: "NOT_FOUND", message });
const signIn: Refusal = { status: 401, code: "UNAUTHENTICATED", message: "Please sign in to continue." };

/**
 * Runs `fn` in a real request's handler, with the Context a route would hand it, and answers what it
 * returned or the refusal it threw. Anything else it throws (a broken statement) fails the request.
 */
async function inRequest<T>(fn: (c: Context<HonoEnv>) => Promise<T> | T): Promise<T | Refusal> {
  let outcome: T | Refusal | undefined;
  const app = new Hono<HonoEnv>().get("/", async (c) => {
    // As the app's middleware does: reading a session may slide it, which writes through `c.var.db`.
    c.set("db", db);
    try {
      outcome = await fn(c);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      outcome = refusalOf(e);
    }
    return c.body(null, 204);
  });
  const res = await app.request("http://app.test/", {}, { APP_ENV: "test" } as AppEnv);
  expect(res.status).toBe(204);
  return outcome as T | Refusal;
}

const loaded = <Row, T>(access: Access<Row, T>) => inRequest((c) => load(c, access));

/** What a synchronous check refused with, or that it let the call through. */
function thrown(fn: () => unknown): Refusal | "returned" {
  try {
    fn();
    return "returned";
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return refusalOf(e);
  }
}

type Person = { user: SessionUser; token: string };
async function person(opts: { staff?: boolean } = {}): Promise<Person> {
  const user = await seedUser(db, opts);
  return { user, token: await seedSession(db, user.id) };
}

type CommunityValues = Partial<typeof communities.$inferInsert>;

/** A community with one person in each role, an outsider, a member of another community and staff. */
async function world(values: CommunityValues = {}) {
  const owner = await person();
  const admin = await person();
  const moderator = await person();
  const member = await person();
  const outsider = await person();
  const staff = await person({ staff: true });
  const elsewhere = await person();
  const community = await seedCommunity(db, owner.user.id, values);
  await seedMember(db, community.id, admin.user.id, "admin");
  await seedMember(db, community.id, moderator.user.id, "moderator");
  await seedMember(db, community.id, member.user.id, "member");
  const other = await seedCommunity(db, (await person()).user.id);
  await seedMember(db, other.id, elsewhere.user.id, "member");
  return { owner, admin, moderator, member, outsider, staff, elsewhere, community, other };
}

const setAccessUntil = (communityId: string, userId: string, accessUntil: number | null) =>
  db
    .update(communityMembers)
    .set({ accessUntil })
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.profileId, userId)));

const block = (blockerId: string, blockedId: string) => db.insert(blockedUsers).values({ blockerId, blockedId });
const unblock = (blockerId: string, blockedId: string) =>
  db.delete(blockedUsers).where(and(eq(blockedUsers.blockerId, blockerId), eq(blockedUsers.blockedId, blockedId)));

const actorOf = (p: Person) => ({ userId: p.user.id, platformRole: p.user.platformRole });

/** The facts `toAccess` reads from an approved, free, active community of `creatorId`. */
const facts = (community: { id: string; name: string }, creatorId: string, more: Partial<CommunityFacts> = {}) => ({
  id: community.id,
  name: community.name,
  creatorId,
  archived: false,
  reviewStatus: "approved",
  isPaid: false,
  ...more,
});

/** The role a granted member context carries, or the refusal: one comparable value per case. */
const roleOr = (outcome: { membership: { role: string } | null } | Refusal) =>
  "status" in outcome ? outcome : (outcome.membership?.role ?? "no membership");

describe(`the actor and the access facts of a row on ${testEngine()}`, () => {
  it("makes a signed-in user an actor with their id and platform role, and nobody a null actor", async () => {
    const user = (await person()).user;
    const staff = (await person({ staff: true })).user;
    expect(toActor(user)).toEqual({ userId: user.id, platformRole: null });
    expect(toActor(staff)).toEqual({ userId: staff.id, platformRole: "staff" });
    expect(toActor(null)).toBeNull();
  });

  it("reads flags stored as 0/1, and takes the membership only when the row has a role", () => {
    const row: AccessColumns = {
      c_id: "c1",
      c_name: "Chess",
      c_creator_id: "owner",
      c_archived: 1,
      c_review_status: "suspended",
      c_is_paid: 1,
      m_role: "moderator",
      m_access_until: 1_234,
    };
    expect(toAccess(row, null)).toEqual({
      actor: null,
      community: { id: "c1", name: "Chess", creatorId: "owner", archived: true, reviewStatus: "suspended", isPaid: true },
      membership: { role: "moderator", accessUntil: 1_234 },
    });
    expect(toAccess({ ...row, c_archived: 0, c_is_paid: 0, m_role: null, m_access_until: null }, null)).toEqual({
      actor: null,
      community: { id: "c1", name: "Chess", creatorId: "owner", archived: false, reviewStatus: "suspended", isPaid: false },
      membership: null,
    });
  });

  it("falls back to an unnamed community under review where the row lacks those columns", () => {
    const row: AccessColumns = {
      c_id: "c1",
      c_name: null,
      c_creator_id: null,
      c_archived: null,
      c_review_status: null,
      c_is_paid: null,
      m_role: null,
      m_access_until: null,
    };
    expect(toAccess(row, null).community).toEqual({
      id: "c1",
      name: "",
      creatorId: null,
      archived: false,
      reviewStatus: "under_review",
      isPaid: false,
    });
  });

  it("has no community without the community's id, and none without a row", async () => {
    const { user } = await person();
    const none = { actor: { userId: user.id, platformRole: null }, community: null, membership: null };
    expect(toAccess(undefined, user)).toEqual(none);
    expect(toAccess(null, user)).toEqual(none);
    const orphan: AccessColumns = {
      c_id: null,
      c_name: "Chess",
      c_creator_id: null,
      c_archived: 0,
      c_review_status: "approved",
      c_is_paid: 0,
      m_role: null,
      m_access_until: null,
    };
    expect(toAccess(orphan, user)).toEqual(none);
  });
});

describe("archived communities are read-only", () => {
  it("refuses a write in an archived community with 409 READ_ONLY", () => {
    const refusal = { status: 409, code: "READ_ONLY", message: "This community is archived and read-only." };
    expect(thrown(() => assertWritable({ archived: true }))).toEqual(refusal);
    expect(refusalOf(readOnly())).toEqual(refusal);
  });

  it("lets a write through in an active community", () => {
    expect(thrown(() => assertWritable({ archived: false }))).toBe("returned");
  });
});

describe("who sees a community's public page", () => {
  const owner = { userId: "owner", platformRole: null } as const;
  const outsider = { userId: "outsider", platformRole: null } as const;
  const staff = { userId: "staff", platformRole: "staff" } as const;
  const approved = { id: "c1", creatorId: "owner", archived: false, reviewStatus: "approved" } as const;
  const hidden = notFound("Community not found.");

  it("shows an approved community to everyone, signed out too, archived or not, as the same object", () => {
    for (const community of [approved, { ...approved, archived: true }]) {
      for (const actor of [null, outsider, owner, staff]) expect(visibleCommunity(actor, community)).toBe(community);
    }
  });

  for (const reviewStatus of ["under_review", "rejected", "suspended"] as const) {
    it(`shows a community that is ${reviewStatus} to its owner and staff only, else 404`, () => {
      const community = { ...approved, reviewStatus };
      expect(visibleCommunity(owner, community)).toBe(community);
      expect(visibleCommunity(staff, community)).toBe(community);
      expect(thrown(() => visibleCommunity(outsider, community))).toEqual(hidden);
      expect(thrown(() => visibleCommunity(null, community))).toEqual(hidden);
    });
  }

  it("answers 404 for a community that is not there, to staff too", () => {
    for (const actor of [null, owner, staff]) {
      expect(thrown(() => visibleCommunity(actor, null))).toEqual(hidden);
      expect(thrown(() => visibleCommunity(actor, undefined))).toEqual(hidden);
    }
  });
});

describe(`a person's rank in SQL on ${testEngine()}`, () => {
  const rank = async (userId: string, creatorId: string | null, role: string | null) =>
    (await db.get<{ rank: number }>(sql`select ${roleRankSql(sql`${userId}`, sql`${creatorId}`, sql`${role}`)} as rank`))!.rank;

  it("ranks the creator as owner whatever their stored role, the others by their role, anyone else as a member", async () => {
    expect(await rank("u", "u", "admin")).toBe(roleRank.owner);
    expect(await rank("u", "u", "member")).toBe(roleRank.owner);
    expect(await rank("u", "u", null)).toBe(roleRank.owner);
    expect(await rank("u", "o", "admin")).toBe(roleRank.admin);
    expect(await rank("u", "o", "moderator")).toBe(roleRank.moderator);
    expect(await rank("u", "o", "member")).toBe(roleRank.member);
    expect(await rank("u", "o", null)).toBe(roleRank.member);
    // A purged creator leaves no owner: the creator id is null and nobody equals it.
    expect(await rank("u", null, "moderator")).toBe(roleRank.moderator);
    expect([roleRank.owner, roleRank.admin, roleRank.moderator, roleRank.member]).toEqual([3, 2, 1, 0]);
  });

  it("ranks everyone of a community from its columns, as the report queue reads them", async () => {
    const w = await world();
    const rows = await db.all<{ id: string; rank: number }>(
      sql`select ${communityMembers.profileId} as id,
          ${roleRankSql(communityMembers.profileId, communities.creatorId, communityMembers.role)} as rank
        from ${communityMembers} join ${communities} on ${communities.id} = ${communityMembers.communityId}
        where ${communities.id} = ${w.community.id}`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.rank]))).toEqual({
      [w.owner.user.id]: 3,
      [w.admin.user.id]: 2,
      [w.moderator.user.id]: 1,
      [w.member.user.id]: 0,
    });
  });
});

describe(`blocks between two people in SQL on ${testEngine()}`, () => {
  const blocked = async (a: SQLWrapper | string, b: SQLWrapper | string) =>
    (await db.get<{ blocked: number }>(sql`select ${blockedBetween(a, b)} as blocked`))!.blocked;

  it("holds in both directions whoever blocked whom, and only between those two", async () => {
    const [a, b, c] = [await seedUser(db), await seedUser(db), await seedUser(db)];
    expect(await blocked(a.id, b.id)).toBe(0);
    await block(a.id, b.id);
    expect(await blocked(a.id, b.id)).toBe(1);
    expect(await blocked(b.id, a.id)).toBe(1);
    expect(await blocked(a.id, c.id)).toBe(0);
    expect(await blocked(c.id, a.id)).toBe(0);
    expect(await blocked(b.id, c.id)).toBe(0);
    expect(await blocked(c.id, b.id)).toBe(0);
    expect(await blocked(a.id, a.id)).toBe(0);
    await unblock(a.id, b.id);
    await block(b.id, a.id);
    expect(await blocked(a.id, b.id)).toBe(1);
    expect(await blocked(b.id, a.id)).toBe(1);
    expect(await blocked(a.id, c.id)).toBe(0);
  });

  it("compares columns as well as values", async () => {
    const [a, b, c] = [await seedUser(db), await seedUser(db), await seedUser(db)];
    await block(b.id, a.id);
    const rows = await db.all<{ id: string; blocked: number }>(
      sql`select ${users.id} as id, ${blockedBetween(users.id, a.id)} as blocked from ${users}
        where ${users.id} in (${b.id}, ${c.id})`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.blocked]))).toEqual({ [b.id]: 1, [c.id]: 0 });
  });
});

describe(`the communities whose members-only areas a person sees, on ${testEngine()}`, () => {
  const visibleIds = async (userId: string, now?: number) =>
    (
      await db.all<{ id: string }>(
        sql`select ${communities.id} as id from ${communities}
          where ${communities.id} in (${memberCommunityIds(sql`${userId}`, now)})`,
      )
    )
      .map((r) => r.id)
      .sort();

  it("lists creators' communities always, members' approved ones, and paid ones until the access ends", async () => {
    const now = 1_900_000_000_000;
    const me = await seedUser(db);
    const someone = await seedUser(db);
    const joined = async (values: CommunityValues, role: "admin" | "moderator" | "member", accessUntil: number | null) => {
      const community = await seedCommunity(db, someone.id, values);
      await seedMember(db, community.id, me.id, role);
      await setAccessUntil(community.id, me.id, accessUntil);
      return community.id;
    };
    const paid = { isPaid: true };
    const untilNext = await joined(paid, "member", now + 1);
    const seen = [
      await joined({}, "member", null),
      await joined({ archived: true }, "member", null),
      untilNext,
      await joined(paid, "member", null),
      await joined(paid, "moderator", now - 1),
      await joined(paid, "admin", now - 1),
      // A free community ignores a leftover end of access.
      await joined({}, "member", now - 1),
      (await seedCommunity(db, me.id, { reviewStatus: "under_review" })).id,
      (await seedCommunity(db, me.id, { reviewStatus: "suspended", isPaid: true })).id,
    ];
    // A creator whose membership row is gone (the union's second half).
    const withoutRow = await seedCommunity(db, me.id, { reviewStatus: "rejected" });
    await db
      .delete(communityMembers)
      .where(and(eq(communityMembers.communityId, withoutRow.id), eq(communityMembers.profileId, me.id)));
    seen.push(withoutRow.id);
    const boundary = await joined(paid, "member", now);
    // Not seen: a paid access that ended, and communities not approved, whatever the role.
    await joined(paid, "member", now - 1);
    for (const reviewStatus of ["under_review", "rejected", "suspended"] as const) {
      await joined({ reviewStatus }, "member", null);
      await joined({ reviewStatus }, "admin", null);
    }
    await seedCommunity(db, someone.id);

    expect(await visibleIds(me.id, now)).toEqual([...seen].sort());
    // The access ends at `accessUntil` itself: one millisecond earlier it is still there.
    expect(await visibleIds(me.id, now - 1)).toEqual([...seen, boundary].sort());
    // `now + 1` ends the access that lasted until then.
    expect(await visibleIds(me.id, now + 1)).toEqual(seen.filter((id) => id !== untilNext).sort());
  });

  it("reads the time from the clock when given none", async () => {
    const clock = stopClock(1_900_000_000_000);
    const me = await seedUser(db);
    const community = await seedCommunity(db, (await seedUser(db)).id, { isPaid: true });
    await seedMember(db, community.id, me.id, "member");
    await setAccessUntil(community.id, me.id, 1_900_000_000_001);
    expect(await visibleIds(me.id)).toEqual([community.id]);
    clock.set(1_900_000_000_001);
    expect(await visibleIds(me.id)).toEqual([]);
  });

  it("lists nothing for someone in no community, and nothing of other people's", async () => {
    const w = await world();
    expect(await visibleIds(w.outsider.user.id, Date.now())).toEqual([]);
    expect(await visibleIds(w.staff.user.id, Date.now())).toEqual([]);
    expect(await visibleIds(w.member.user.id, Date.now())).toEqual([w.community.id]);
  });
});

describe(`the caller as a member (memberOf) on ${testEngine()}`, () => {
  const hidden = notFound("Community not found.");
  const as = (p: Person | { token: string }, communityId: string) => loaded(memberOf(db, p.token, communityId));

  it("answers the whole member context: the caller, the community's facts and their membership", async () => {
    const w = await world();
    expect(await as(w.member, w.community.id)).toEqual({
      actor: actorOf(w.member),
      community: facts(w.community, w.owner.user.id),
      membership: { role: "member", accessUntil: null },
      user: w.member.user,
    });
    expect(await as(w.owner, w.community.id)).toEqual({
      actor: actorOf(w.owner),
      community: facts(w.community, w.owner.user.id),
      membership: { role: "admin", accessUntil: null },
      user: w.owner.user,
    });
  });

  it("lets the owner, admins, moderators and members in; 404 for outsiders, staff and other communities' members", async () => {
    const w = await world();
    const id = w.community.id;
    expect(roleOr(await as(w.owner, id))).toBe("admin");
    expect(roleOr(await as(w.admin, id))).toBe("admin");
    expect(roleOr(await as(w.moderator, id))).toBe("moderator");
    expect(roleOr(await as(w.member, id))).toBe("member");
    expect(await as(w.outsider, id)).toEqual(hidden);
    expect(await as(w.staff, id)).toEqual(hidden);
    expect(await as(w.elsewhere, id)).toEqual(hidden);
  });

  it("answers 401 without a live session, before telling whether the community exists", async () => {
    const w = await world();
    expect(await as({ token: "no-such-token" }, w.community.id)).toEqual(signIn);
    expect(await as({ token: "" }, w.community.id)).toEqual(signIn);
    expect(await as({ token: "no-such-token" }, newId())).toEqual(signIn);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.token, w.member.token));
    expect(await as(w.member, w.community.id)).toEqual(signIn);
  });

  it("answers 404 for a community that does not exist", async () => {
    const w = await world();
    expect(await as(w.member, newId())).toEqual(hidden);
  });

  it("keeps a private community to its members: a pending request is not a membership", async () => {
    const w = await world({ visibility: "private" });
    const requester = await person();
    await db.insert(membershipRequests).values({ communityId: w.community.id, userId: requester.user.id });
    expect(roleOr(await as(w.member, w.community.id))).toBe("member");
    expect(await as(requester, w.community.id)).toEqual(hidden);
  });

  for (const reviewStatus of ["under_review", "rejected", "suspended"] as const) {
    it(`lets only the owner into a community that is ${reviewStatus}`, async () => {
      const w = await world({ reviewStatus });
      const id = w.community.id;
      expect(await as(w.owner, id)).toEqual({
        actor: actorOf(w.owner),
        community: facts(w.community, w.owner.user.id, { reviewStatus }),
        membership: { role: "admin", accessUntil: null },
        user: w.owner.user,
      });
      for (const p of [w.admin, w.moderator, w.member, w.staff, w.outsider]) expect(await as(p, id)).toEqual(hidden);
    });
  }

  it("lets members into an archived community, and says it is archived", async () => {
    const w = await world({ archived: true });
    const access = await as(w.member, w.community.id);
    expect(access).toMatchObject({ community: facts(w.community, w.owner.user.id, { archived: true }) });
  });

  it("ends a paid member's access at the end of the paid period, not a moderator's or admin's", async () => {
    const now = Date.now();
    stopClock(now);
    const w = await world({ isPaid: true });
    const id = w.community.id;
    const member = w.member.user.id;
    await setAccessUntil(id, member, now + 1);
    expect(await as(w.member, id)).toEqual({
      actor: actorOf(w.member),
      community: facts(w.community, w.owner.user.id, { isPaid: true }),
      membership: { role: "member", accessUntil: now + 1 },
      user: w.member.user,
    });
    await setAccessUntil(id, member, now);
    expect(await as(w.member, id)).toEqual(hidden);
    await setAccessUntil(id, member, now - 1);
    expect(await as(w.member, id)).toEqual(hidden);
    await setAccessUntil(id, member, null);
    expect(roleOr(await as(w.member, id))).toBe("member");
    for (const p of [w.moderator, w.admin, w.owner]) {
      await setAccessUntil(id, p.user.id, now - 1);
      expect(roleOr(await as(p, id))).toBe(p === w.moderator ? "moderator" : "admin");
    }
  });

  it("ignores a leftover end of access in a free community", async () => {
    const w = await world();
    await setAccessUntil(w.community.id, w.member.user.id, Date.now() - 60_000);
    expect(roleOr(await as(w.member, w.community.id))).toBe("member");
  });
});

describe(`a member context from a row (asMember) on ${testEngine()}`, () => {
  it("answers 401 without the session's columns and 404 with the caller's own message", async () => {
    const w = await world();
    const row = await memberOf(db, w.outsider.token, w.community.id).query;
    expect(await inRequest((c) => asMember(c, row, "Classroom not found."))).toEqual(notFound("Classroom not found."));
    expect(await inRequest((c) => asMember(c, undefined, "Classroom not found."))).toEqual(signIn);
    const mine = await memberOf(db, w.moderator.token, w.community.id).query;
    expect(await inRequest((c) => asMember(c, mine, "Classroom not found."))).toEqual({
      actor: actorOf(w.moderator),
      community: facts(w.community, w.owner.user.id),
      membership: { role: "moderator", accessUntil: null },
      user: w.moderator.user,
    });
  });

  it("remembers the caller for the rest of the request", async () => {
    const w = await world();
    const row = await memberOf(db, w.member.token, w.community.id).query;
    expect(
      await inRequest((c) => {
        asMember(c, row, "Community not found.");
        return c.get("user");
      }),
    ).toEqual(w.member.user);
  });

  it("is what `load` answers: the check's read of its own statement's row", async () => {
    const w = await world();
    const access = memberOf(db, w.member.token, w.community.id);
    const row = await access.query;
    expect(await inRequest((c) => load(c, access))).toEqual(await inRequest((c) => access.read(c, row)));
  });
});

describe(`a community seen by whoever is asking (viewerOf) on ${testEngine()}`, () => {
  const view = (token: string | null, communityId: string) => loaded(viewerOf(db, token, communityId));

  it("answers the community's facts to guests and to tokens without a session, with no user", async () => {
    const w = await world({ isPaid: true, archived: true, reviewStatus: "suspended" });
    const guest = {
      actor: null,
      community: facts(w.community, w.owner.user.id, { isPaid: true, archived: true, reviewStatus: "suspended" }),
      membership: null,
      user: null,
    };
    expect(await view(null, w.community.id)).toEqual(guest);
    expect(await view("no-such-token", w.community.id)).toEqual(guest);
  });

  it("answers the signed-in caller with their membership, or none", async () => {
    const w = await world();
    const community = facts(w.community, w.owner.user.id);
    expect(await view(w.moderator.token, w.community.id)).toEqual({
      actor: actorOf(w.moderator),
      community,
      membership: { role: "moderator", accessUntil: null },
      user: w.moderator.user,
    });
    expect(await view(w.owner.token, w.community.id)).toMatchObject({ membership: { role: "admin" } });
    expect(await view(w.outsider.token, w.community.id)).toEqual({
      actor: actorOf(w.outsider),
      community,
      membership: null,
      user: w.outsider.user,
    });
    expect(await view(w.staff.token, w.community.id)).toEqual({
      actor: { userId: w.staff.user.id, platformRole: "staff" },
      community,
      membership: null,
      user: w.staff.user,
    });
  });

  it("answers no community for one that does not exist, and still the caller", async () => {
    const w = await world();
    expect(await view(w.member.token, newId())).toEqual({
      actor: actorOf(w.member),
      community: null,
      membership: null,
      user: w.member.user,
    });
    expect(await view(null, newId())).toEqual({ actor: null, community: null, membership: null, user: null });
  });

  it("answers a paid member's end of access as it is stored, for the route to judge", async () => {
    const w = await world({ isPaid: true });
    await setAccessUntil(w.community.id, w.member.user.id, 1_000);
    expect(await view(w.member.token, w.community.id)).toMatchObject({
      community: { isPaid: true },
      membership: { role: "member", accessUntil: 1_000 },
    });
  });
});

describe(`a post the caller may see (postFor) on ${testEngine()}`, () => {
  const hidden = notFound("Post not found.");
  const see = (p: Person | { token: string }, postId: string) => loaded(postFor(db, p.token, postId));
  const postId = (outcome: { post: { id: string } } | Refusal) => ("status" in outcome ? outcome : outcome.post.id);

  async function withPost(values: CommunityValues = {}) {
    const w = await world(values);
    const author = await person();
    await seedMember(db, w.community.id, author.user.id, "member");
    const post = await seedPost(db, w.community.id, author.user.id, "First post");
    return { ...w, author, post };
  }

  it("answers the post and the member context", async () => {
    const w = await withPost();
    const [topic] = await db
      .insert(communityTopics)
      .values({ communityId: w.community.id, name: "News", color: "#2563EB" })
      .returning({ id: communityTopics.id });
    await db.update(posts).set({ topicId: topic!.id }).where(eq(posts.id, w.post.id));
    expect(await see(w.member, w.post.id)).toEqual({
      post: { id: w.post.id, communityId: w.community.id, authorId: w.author.user.id, topicId: topic!.id, content: "First post" },
      access: {
        actor: actorOf(w.member),
        community: facts(w.community, w.owner.user.id),
        membership: { role: "member", accessUntil: null },
        user: w.member.user,
      },
    });
  });

  it("shows it to every role of its community; 404 for outsiders, staff and members of another community", async () => {
    const w = await withPost();
    for (const p of [w.owner, w.admin, w.moderator, w.member, w.author]) expect(postId(await see(p, w.post.id))).toBe(w.post.id);
    for (const p of [w.outsider, w.staff, w.elsewhere]) expect(await see(p, w.post.id)).toEqual(hidden);
  });

  it("answers 401 without a session, for a post that exists or not", async () => {
    const w = await withPost();
    expect(await see({ token: "no-such-token" }, w.post.id)).toEqual(signIn);
    expect(await see({ token: "no-such-token" }, newId())).toEqual(signIn);
  });

  it("answers 404 for a post that does not exist or was deleted", async () => {
    const w = await withPost();
    expect(await see(w.member, newId())).toEqual(hidden);
    await db.delete(posts).where(eq(posts.id, w.post.id));
    expect(await see(w.member, w.post.id)).toEqual(hidden);
    expect(await see(w.owner, w.post.id)).toEqual(hidden);
  });

  it("hides the post of someone the caller blocked, or who blocked the caller, and only between those two", async () => {
    const w = await withPost();
    await block(w.author.user.id, w.member.user.id);
    expect(await see(w.member, w.post.id)).toEqual(hidden);
    expect(postId(await see(w.moderator, w.post.id))).toBe(w.post.id);
    await unblock(w.author.user.id, w.member.user.id);
    await block(w.member.user.id, w.author.user.id);
    expect(await see(w.member, w.post.id)).toEqual(hidden);
    await unblock(w.member.user.id, w.author.user.id);
    await block(w.member.user.id, w.outsider.user.id);
    await block(w.outsider.user.id, w.author.user.id);
    expect(postId(await see(w.member, w.post.id))).toBe(w.post.id);
  });

  it("shows the post of a purged author, with no author", async () => {
    const w = await withPost();
    await db.update(posts).set({ authorId: null }).where(eq(posts.id, w.post.id));
    expect(await see(w.member, w.post.id)).toMatchObject({ post: { id: w.post.id, authorId: null } });
  });

  it("follows the community: owner only while not approved, members after a paid period's end no more", async () => {
    const now = Date.now();
    stopClock(now);
    const review = await withPost({ reviewStatus: "under_review" });
    expect(postId(await see(review.owner, review.post.id))).toBe(review.post.id);
    expect(await see(review.author, review.post.id)).toEqual(hidden);
    expect(await see(review.admin, review.post.id)).toEqual(hidden);

    const paid = await withPost({ isPaid: true });
    await setAccessUntil(paid.community.id, paid.member.user.id, now + 1);
    expect(postId(await see(paid.member, paid.post.id))).toBe(paid.post.id);
    await setAccessUntil(paid.community.id, paid.member.user.id, now);
    expect(await see(paid.member, paid.post.id)).toEqual(hidden);
  });

  it("shows an archived community's posts to its members, saying it is archived", async () => {
    const w = await withPost({ archived: true });
    expect(await see(w.member, w.post.id)).toMatchObject({ access: { community: { archived: true } } });
  });
});

describe(`a comment the caller may see (commentFor) on ${testEngine()}`, () => {
  const hidden = notFound("Comment not found.");
  const see = (p: Person | { token: string }, commentId: string) => loaded(commentFor(db, p.token, commentId));
  const commentId = (outcome: { comment: { id: string } } | Refusal) => ("status" in outcome ? outcome : outcome.comment.id);

  /** A post, a comment on it and a reply to that comment, each by someone else. */
  async function thread(values: CommunityValues = {}) {
    const w = await world(values);
    const [postAuthor, commenter, replier] = [await person(), await person(), await person()];
    for (const p of [postAuthor, commenter, replier]) await seedMember(db, w.community.id, p.user.id, "member");
    const post = await seedPost(db, w.community.id, postAuthor.user.id);
    const [comment] = await db
      .insert(postComments)
      .values({ postId: post.id, authorId: commenter.user.id, content: "A comment" })
      .returning({ id: postComments.id });
    const [reply] = await db
      .insert(postComments)
      .values({ postId: post.id, authorId: replier.user.id, parentCommentId: comment!.id, content: "A reply" })
      .returning({ id: postComments.id });
    return { ...w, postAuthor, commenter, replier, post, comment: comment!.id, reply: reply!.id };
  }

  it("answers the comment, the one it answers, its post and community, and the member context", async () => {
    const t = await thread();
    const access = {
      actor: actorOf(t.member),
      community: facts(t.community, t.owner.user.id),
      membership: { role: "member", accessUntil: null },
      user: t.member.user,
    };
    expect(await see(t.member, t.reply)).toEqual({
      comment: {
        id: t.reply,
        postId: t.post.id,
        authorId: t.replier.user.id,
        parentCommentId: t.comment,
        communityId: t.community.id,
      },
      access,
    });
    expect(await see(t.member, t.comment)).toEqual({
      comment: {
        id: t.comment,
        postId: t.post.id,
        authorId: t.commenter.user.id,
        parentCommentId: null,
        communityId: t.community.id,
      },
      access,
    });
  });

  it("shows it to every role of its community; 404 for outsiders, staff and members of another community", async () => {
    const t = await thread();
    for (const p of [t.owner, t.admin, t.moderator, t.member]) expect(commentId(await see(p, t.reply))).toBe(t.reply);
    for (const p of [t.outsider, t.staff, t.elsewhere]) expect(await see(p, t.reply)).toEqual(hidden);
  });

  it("answers 401 without a session", async () => {
    const t = await thread();
    expect(await see({ token: "no-such-token" }, t.reply)).toEqual(signIn);
    expect(await see({ token: "no-such-token" }, newId())).toEqual(signIn);
  });

  it("answers 404 for a comment that does not exist, was deleted, or whose post was", async () => {
    const t = await thread();
    expect(await see(t.member, newId())).toEqual(hidden);
    await db.delete(postComments).where(eq(postComments.id, t.reply));
    expect(await see(t.member, t.reply)).toEqual(hidden);
    expect(commentId(await see(t.member, t.comment))).toBe(t.comment);
    await db.delete(posts).where(eq(posts.id, t.post.id));
    expect(await see(t.member, t.comment)).toEqual(hidden);
    expect(await see(t.owner, t.comment)).toEqual(hidden);
  });

  it("hides a thread where the caller and the author of the comment, the one it answers or the post block each other", async () => {
    const t = await thread();
    const me = t.member.user.id;
    const check = async (other: string, expected: { reply: boolean; comment: boolean }) => {
      for (const [blocker, blocked] of [
        [me, other],
        [other, me],
      ] as const) {
        await block(blocker, blocked);
        expect(commentId(await see(t.member, t.reply))).toEqual(expected.reply ? hidden : t.reply);
        expect(commentId(await see(t.member, t.comment))).toEqual(expected.comment ? hidden : t.comment);
        // Nobody else is affected by the block.
        expect(commentId(await see(t.moderator, t.reply))).toBe(t.reply);
        await unblock(blocker, blocked);
      }
    };
    await check(t.replier.user.id, { reply: true, comment: false });
    await check(t.commenter.user.id, { reply: true, comment: true });
    await check(t.postAuthor.user.id, { reply: true, comment: true });
    await check(t.outsider.user.id, { reply: false, comment: false });
  });

  it("shows a comment of a purged author, with no author", async () => {
    const t = await thread();
    await db.update(postComments).set({ authorId: null }).where(eq(postComments.id, t.reply));
    await db.update(postComments).set({ authorId: null }).where(eq(postComments.id, t.comment));
    await db.update(posts).set({ authorId: null }).where(eq(posts.id, t.post.id));
    expect(await see(t.member, t.reply)).toMatchObject({ comment: { id: t.reply, authorId: null } });
  });

  it("follows the community: owner only while not approved, members after a paid period's end no more", async () => {
    const now = Date.now();
    stopClock(now);
    const review = await thread({ reviewStatus: "suspended" });
    expect(commentId(await see(review.owner, review.reply))).toBe(review.reply);
    expect(await see(review.member, review.reply)).toEqual(hidden);
    expect(await see(review.replier, review.reply)).toEqual(hidden);

    const paid = await thread({ isPaid: true });
    await setAccessUntil(paid.community.id, paid.member.user.id, now + 1);
    expect(commentId(await see(paid.member, paid.reply))).toBe(paid.reply);
    await setAccessUntil(paid.community.id, paid.member.user.id, now);
    expect(await see(paid.member, paid.reply)).toEqual(hidden);
  });
});
