import { env } from "cloudflare:workers";
import { stopClock } from "../../../tests/clock";
import { beforeAll, describe, expect, it } from "vitest";
import type { InviteCandidate } from "../../../common/contract/invites";
import { INVITATIONS_PER_HOUR } from "../../../common/contract/limits";
import { seedCommunity, seedMember, seedSession, seedUser } from "../../../tests/db-fixtures";
import { call, expectError, sessionCookie } from "../../../tests/factories";
import { openTestDb } from "../../../tests/test-db";
import type { Db } from "../../lib/db";
import { parseQueryStats } from "../../lib/query-count";

type Person = { id: string; cookie: string };

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});

async function person(fullName: string): Promise<Person> {
  const user = await seedUser(db, { fullName });
  return { id: user.id, cookie: await sessionCookie(await seedSession(db, user.id)) };
}

const count = async (sql: string, ...values: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...values)
    .first<{ n: number }>())!.n;

/** A community with an admin, a moderator, a member and a blocked member, another community's owner and a guest. */
async function world(overrides: Parameters<typeof seedCommunity>[2] = {}) {
  const tag = crypto.randomUUID().slice(0, 8);
  const owner = await person(`Olivia ${tag}`);
  const admin = await person(`Adam ${tag}`);
  const moderator = await person(`Mona ${tag}`);
  const member = await person(`Ana ${tag}`);
  const blocked = await person(`Boris ${tag}`);
  const otherOwner = await person(`Oscar ${tag}`);
  const invitee = await person(`Irakli ${tag}`);
  const community = await seedCommunity(db, owner.id, overrides);
  await seedCommunity(db, otherOwner.id);
  await seedMember(db, community.id, admin.id, "admin");
  await seedMember(db, community.id, moderator.id, "moderator");
  await seedMember(db, community.id, member.id);
  await seedMember(db, community.id, blocked.id);
  await env.DB.prepare("insert into blocked_users (blocker_id, blocked_id, created_at) values (?, ?, ?)")
    .bind(owner.id, blocked.id, Date.now())
    .run();
  return { tag, owner, admin, moderator, member, blocked, otherOwner, invitee, community };
}

const invite = (communityId: string, who: Person | null, userId: string) =>
  call(`/api/communities/${communityId}/invitations`, { body: { userId }, cookie: who?.cookie });
const answer = (communityId: string, who: Person | null, verb: "accept" | "decline") =>
  call(`/api/communities/${communityId}/invitation/${verb}`, { method: "POST", cookie: who?.cookie });
const isMember = async (communityId: string, userId: string) =>
  (await count("select count(*) as n from community_members where community_id = ? and profile_id = ?", communityId, userId)) ===
  1;
const invitesTo = (userId: string) =>
  count("select count(*) as n from notifications where recipient_id = ? and type = 'COMMUNITY_INVITE'", userId);

describe("GET /api/communities/:id/invite-candidates", () => {
  it("finds people by name for the owner and admins, saying who is in and who is invited, in one round trip", async () => {
    const w = await world();
    expect((await invite(w.community.id, w.owner, w.invitee.id)).status).toBe(201);
    await person(`Nino ${w.tag}`);
    for (const who of [w.owner, w.admin]) {
      const res = await call(`/api/communities/${w.community.id}/invite-candidates?q=${w.tag}`, { cookie: who.cookie });
      expect(res.status).toBe(200);
      expect(parseQueryStats(res.headers.get("server-timing"))).toMatchObject({ statements: 2, roundTrips: 1 });
      const { people } = (await res.json()) as { people: InviteCandidate[] };
      const byName = Object.fromEntries(people.map((p) => [p.fullName.split(" ")[0], p.status]));
      expect(byName.Irakli).toBe("invited");
      expect(byName.Nino).toBe("none");
      expect(byName.Ana).toBe("member");
      expect(byName.Oscar).toBe("none");
      expect(people.some((p) => p.id === who.id)).toBe(false);
    }
    // Nobody on either side of a block with the person inviting is offered.
    const { people } = (await (
      await call(`/api/communities/${w.community.id}/invite-candidates?q=Boris`, { cookie: w.owner.cookie })
    ).json()) as { people: InviteCandidate[] };
    expect(people.some((p) => p.id === w.blocked.id)).toBe(false);
  });

  it("answers an empty search with nobody, and refuses members, other owners and guests", async () => {
    const w = await world();
    const empty = await call(`/api/communities/${w.community.id}/invite-candidates?q=`, { cookie: w.owner.cookie });
    expect(((await empty.json()) as { people: unknown[] }).people).toEqual([]);
    for (const who of [w.member, w.moderator, w.blocked, w.otherOwner]) {
      await expectError(
        await call(`/api/communities/${w.community.id}/invite-candidates?q=${w.tag}`, { cookie: who.cookie }),
        403,
        "FORBIDDEN",
      );
    }
    await expectError(await call(`/api/communities/${w.community.id}/invite-candidates?q=a`), 401);
    const long = await call(`/api/communities/${w.community.id}/invite-candidates?q=${"a".repeat(101)}`, {
      cookie: w.owner.cookie,
    });
    const body = await expectError(long, 422);
    expect(body.error.issues?.[0]?.path).toBe("q");
  });
});

describe("POST /api/communities/:id/invitations", () => {
  it("invites a person once: a COMMUNITY_INVITE from the inviter, and a second invitation is refused while the first is open", async () => {
    const w = await world();
    const res = await invite(w.community.id, w.admin, w.invitee.id);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ userId: w.invitee.id, status: "pending" });
    const note = await env.DB.prepare(
      "select sender_id, community_id from notifications where recipient_id = ? and type = 'COMMUNITY_INVITE'",
    )
      .bind(w.invitee.id)
      .first<{ sender_id: string; community_id: string }>();
    expect(note).toEqual({ sender_id: w.admin.id, community_id: w.community.id });
    const again = await expectError(await invite(w.community.id, w.owner, w.invitee.id), 409, "CONFLICT");
    expect(again.error.message).toBe("This person has already been invited.");
    expect(await invitesTo(w.invitee.id)).toBe(1);
    // Once declined, it may be sent again.
    expect((await answer(w.community.id, w.invitee, "decline")).status).toBe(200);
    expect((await invite(w.community.id, w.owner, w.invitee.id)).status).toBe(201);
    expect(await invitesTo(w.invitee.id)).toBe(2);
  });

  it("refuses members, moderators, the blocked, other owners and guests, and writes nothing", async () => {
    const w = await world();
    for (const who of [w.member, w.moderator, w.blocked, w.otherOwner]) {
      await expectError(await invite(w.community.id, who, w.invitee.id), 403, "FORBIDDEN");
    }
    await expectError(await invite(w.community.id, null, w.invitee.id), 401);
    expect(await invitesTo(w.invitee.id)).toBe(0);
    expect(await count("select count(*) as n from community_invitations where community_id = ?", w.community.id)).toBe(0);
  });

  it("says who cannot be invited: members, oneself, unknown and blocked people; bad bodies get field issues", async () => {
    const w = await world();
    await expectError(await invite(w.community.id, w.owner, w.member.id), 409, "ALREADY_MEMBER");
    await expectError(await invite(w.community.id, w.owner, w.owner.id), 409, "ALREADY_MEMBER");
    await expectError(await invite(w.community.id, w.owner, "no-such-user"), 404, "NOT_FOUND");
    const outsiderBlocked = await person(`Bad ${w.tag}`);
    await env.DB.prepare("insert into blocked_users (blocker_id, blocked_id, created_at) values (?, ?, ?)")
      .bind(outsiderBlocked.id, w.owner.id, Date.now())
      .run();
    await expectError(await invite(w.community.id, w.owner, outsiderBlocked.id), 404, "NOT_FOUND");
    const bad = await expectError(
      await call(`/api/communities/${w.community.id}/invitations`, { body: { userId: 42 }, cookie: w.owner.cookie }),
      422,
    );
    expect(bad.error.issues?.[0]?.path).toBe("userId");
    expect(await invitesTo(outsiderBlocked.id)).toBe(0);
  });

  it("opens invitations only once the community is approved and while it is not archived", async () => {
    const review = await world({ reviewStatus: "under_review" });
    const closed = await expectError(await invite(review.community.id, review.owner, review.invitee.id), 409, "CONFLICT");
    expect(closed.error.message).toBe("People can be invited once the community is approved.");
    const archived = await world({ archived: true });
    await expectError(await invite(archived.community.id, archived.owner, archived.invitee.id), 409, "READ_ONLY");
    expect(await invitesTo(review.invitee.id)).toBe(0);
    expect(await invitesTo(archived.invitee.id)).toBe(0);
  });

  it(`stops an inviter at ${INVITATIONS_PER_HOUR} invitations an hour, writing nothing past the limit`, async () => {
    // N requests in one fixed window, however long they take.
    stopClock();
    const w = await world();
    const people = await Promise.all(
      Array.from({ length: INVITATIONS_PER_HOUR + 1 }, (_, i) => seedUser(db, { fullName: `P${i}` })),
    );
    for (const p of people.slice(0, INVITATIONS_PER_HOUR)) expect((await invite(w.community.id, w.owner, p.id)).status).toBe(201);
    const last = people.at(-1)!;
    const res = await invite(w.community.id, w.owner, last.id);
    await expectError(res, 429, "RATE_LIMITED");
    expect(res.headers.get("retry-after")).toBeTruthy();
    expect(await invitesTo(last.id)).toBe(0);
    expect(
      await count(
        "select count(*) as n from community_invitations where community_id = ? and invitee_id = ?",
        w.community.id,
        last.id,
      ),
    ).toBe(0);
  });
});

describe("answering an invitation", () => {
  it("accept joins the community: the owner hears of the join and the invitation is closed", async () => {
    const w = await world();
    await invite(w.community.id, w.owner, w.invitee.id);
    const res = await answer(w.community.id, w.invitee, "accept");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ communityId: w.community.id, result: "joined" });
    expect(await isMember(w.community.id, w.invitee.id)).toBe(true);
    expect(await count("select members_count as n from communities where id = ?", w.community.id)).toBe(6);
    expect(
      await count(
        "select count(*) as n from notifications where recipient_id = ? and type = 'COMMUNITY_JOIN' and sender_id = ?",
        w.owner.id,
        w.invitee.id,
      ),
    ).toBe(1);
    await expectError(await answer(w.community.id, w.invitee, "accept"), 404, "NOT_FOUND");
    await expectError(await answer(w.community.id, w.invitee, "decline"), 404, "NOT_FOUND");
  });

  it("accept honours the plan's member limit and leaves the invitation open", async () => {
    const w = await world({ planLimits: { maxMembers: 5 } });
    await invite(w.community.id, w.owner, w.invitee.id);
    const full = await expectError(await answer(w.community.id, w.invitee, "accept"), 409, "CONFLICT");
    expect(full.error.message).toBe("This community has reached its member limit.");
    expect(await isMember(w.community.id, w.invitee.id)).toBe(false);
    expect(await count("select count(*) as n from community_members where community_id = ?", w.community.id)).toBe(5);
    expect(
      await count("select count(*) as n from community_invitations where invitee_id = ? and status = 'pending'", w.invitee.id),
    ).toBe(1);
  });

  it("accept of a paid community leads to its payment screen and makes no membership", async () => {
    const w = await world({ isPaid: true, price: 1900, paymentType: "single" });
    await invite(w.community.id, w.owner, w.invitee.id);
    const res = await answer(w.community.id, w.invitee, "accept");
    expect(await res.json()).toEqual({ communityId: w.community.id, result: "payment" });
    expect(await isMember(w.community.id, w.invitee.id)).toBe(false);
  });

  it("decline closes the invitation without joining; nobody else can answer it", async () => {
    const w = await world();
    await invite(w.community.id, w.owner, w.invitee.id);
    for (const who of [w.member, w.otherOwner, w.blocked]) {
      await expectError(await answer(w.community.id, who, "accept"), 404, "NOT_FOUND");
      await expectError(await answer(w.community.id, who, "decline"), 404, "NOT_FOUND");
    }
    await expectError(await answer(w.community.id, null, "decline"), 401);
    await expectError(await answer(w.community.id, null, "accept"), 401);
    const res = await answer(w.community.id, w.invitee, "decline");
    expect(res.status).toBe(200);
    expect(parseQueryStats(res.headers.get("server-timing"))).toMatchObject({ statements: 2, roundTrips: 1 });
    expect(await isMember(w.community.id, w.invitee.id)).toBe(false);
    await expectError(await answer(w.community.id, w.invitee, "accept"), 404, "NOT_FOUND");
  });
});
