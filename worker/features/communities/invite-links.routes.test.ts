import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { CommunityView } from "../../../common/contract/communities";
import type { InviteLink, OpenedInvite } from "../../../common/contract/invites";
import { INVITE_LINKS_MAX } from "../../../common/contract/limits";
import { seedCommunity, seedMember, seedSession, seedUser } from "../../../tests/db-fixtures";
import { call, expectError, sessionCookie } from "../../../tests/factories";
import { APPROVE, makePaid, newCard, pay, type Result } from "../../../tests/payments";
import { openTestDb } from "../../../tests/test-db";
import type { Db } from "../../lib/db";
import { parseQueryStats } from "../../lib/query-count";

type Person = { id: string; cookie: string };

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});

async function person(fullName = "Someone"): Promise<Person> {
  const user = await seedUser(db, { fullName });
  return { id: user.id, cookie: await sessionCookie(await seedSession(db, user.id)) };
}

const count = async (sql: string, ...values: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...values)
    .first<{ n: number }>())!.n;

async function world(overrides: Parameters<typeof seedCommunity>[2] = {}) {
  const owner = await person("Olivia Owner");
  const admin = await person("Adam Admin");
  const moderator = await person("Mona Moderator");
  const member = await person("Ana Member");
  const blocked = await person("Boris Blocked");
  const otherOwner = await person("Oscar Other");
  const community = await seedCommunity(db, owner.id, overrides);
  const elsewhere = await seedCommunity(db, otherOwner.id);
  await seedMember(db, community.id, admin.id, "admin");
  await seedMember(db, community.id, moderator.id, "moderator");
  await seedMember(db, community.id, member.id);
  await seedMember(db, community.id, blocked.id);
  await env.DB.prepare("insert into blocked_users (blocker_id, blocked_id, created_at) values (?, ?, ?)")
    .bind(owner.id, blocked.id, Date.now())
    .run();
  return { owner, admin, moderator, member, blocked, otherOwner, community, elsewhere };
}

const links = (communityId: string) => `/api/communities/${communityId}/invite-links`;

async function createLink(communityId: string, who: Person, body: object = {}): Promise<InviteLink> {
  const res = await call(links(communityId), { body, cookie: who.cookie });
  expect(res.status).toBe(201);
  return ((await res.json()) as { link: InviteLink }).link;
}

const open = (token: string, who: Person | null) => call(`/api/invites/${token}`, { cookie: who?.cookie });
const join = (token: string, who: Person | null) => call(`/api/invites/${token}/join`, { method: "POST", cookie: who?.cookie });
const isMember = async (communityId: string, userId: string) =>
  (await count("select count(*) as n from community_members where community_id = ? and profile_id = ?", communityId, userId)) ===
  1;

describe("invite links of a community", () => {
  it("the owner and admins create, list and revoke links; each link carries an unguessable token", async () => {
    const w = await world();
    const a = await createLink(w.community.id, w.owner, { expiresInDays: 7, maxUses: 3 });
    const b = await createLink(w.community.id, w.admin);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a).toMatchObject({ state: "open", maxUses: 3, usesCount: 0, revokedAt: null });
    expect(a.expiresAt! - Date.now()).toBeGreaterThan(6.9 * 24 * 3_600_000);
    expect(b).toMatchObject({ expiresAt: null, maxUses: null });

    const list = await call(links(w.community.id), { cookie: w.admin.cookie });
    expect(parseQueryStats(list.headers.get("server-timing"))).toMatchObject({ statements: 2, roundTrips: 1 });
    expect(((await list.json()) as { items: InviteLink[] }).items.map((l) => l.id)).toEqual([b.id, a.id]);

    const revoked = await call(`${links(w.community.id)}/${a.id}`, { method: "DELETE", cookie: w.admin.cookie });
    expect(((await revoked.json()) as { link: InviteLink }).link).toMatchObject({ id: a.id, state: "revoked" });
  });

  it("refuses members, moderators, the blocked, other owners and guests; nothing is written", async () => {
    const w = await world();
    const link = await createLink(w.community.id, w.owner);
    for (const who of [w.member, w.moderator, w.blocked, w.otherOwner]) {
      await expectError(await call(links(w.community.id), { body: {}, cookie: who.cookie }), 403, "FORBIDDEN");
      await expectError(await call(links(w.community.id), { cookie: who.cookie }), 403, "FORBIDDEN");
      await expectError(
        await call(`${links(w.community.id)}/${link.id}`, { method: "DELETE", cookie: who.cookie }),
        403,
        "FORBIDDEN",
      );
    }
    await expectError(await call(links(w.community.id), { body: {} }), 401);
    expect(await count("select count(*) as n from community_invite_links where community_id = ?", w.community.id)).toBe(1);
    expect(await count("select count(*) as n from community_invite_links where id = ? and revoked_at is null", link.id)).toBe(1);
    // Another community's owner cannot reach this link through their own community either.
    await expectError(
      await call(`${links(w.elsewhere.id)}/${link.id}`, { method: "DELETE", cookie: w.otherOwner.cookie }),
      404,
      "NOT_FOUND",
    );
  });

  it("checks expiry and use limit with field issues, and keeps at most the limit of links, writing nothing past it", async () => {
    const w = await world();
    for (const [body, path] of [
      [{ expiresInDays: 0 }, "expiresInDays"],
      [{ expiresInDays: 366 }, "expiresInDays"],
      [{ maxUses: 1.5 }, "maxUses"],
      [{ maxUses: "ten" }, "maxUses"],
      [{ maxUses: 10_001 }, "maxUses"],
    ] as const) {
      const res = await expectError(await call(links(w.community.id), { body, cookie: w.owner.cookie }), 422);
      expect(res.error.issues?.map((i) => i.path)).toEqual([path]);
    }
    await env.DB.batch(
      Array.from({ length: INVITE_LINKS_MAX }, (_, i) =>
        env.DB.prepare(
          "insert into community_invite_links (id, community_id, token, created_by, uses_count, created_at) values (?, ?, ?, ?, 0, ?)",
        ).bind(crypto.randomUUID(), w.community.id, `tok-${crypto.randomUUID()}-${i}`, w.owner.id, Date.now()),
      ),
    );
    const over = await expectError(await call(links(w.community.id), { body: {}, cookie: w.owner.cookie }), 409, "CONFLICT");
    expect(over.error.message).toBe(`A community can have at most ${INVITE_LINKS_MAX} invite links.`);
    expect(await count("select count(*) as n from community_invite_links where community_id = ?", w.community.id)).toBe(
      INVITE_LINKS_MAX,
    );
  });

  it("are made only for an approved community", async () => {
    const w = await world({ reviewStatus: "under_review" });
    await expectError(await call(links(w.community.id), { body: {}, cookie: w.owner.cookie }), 409, "CONFLICT");
    expect(await count("select count(*) as n from community_invite_links where community_id = ?", w.community.id)).toBe(0);
  });
});

describe("opening and joining through an invite link", () => {
  it("shows the community and the link's state to anyone holding it, signed in or not", async () => {
    const w = await world();
    const link = await createLink(w.community.id, w.owner);
    for (const who of [null, await person()]) {
      const res = await open(link.token, who);
      expect(res.status).toBe(200);
      const body = (await res.json()) as OpenedInvite;
      expect(body.state).toBe("open");
      expect(body.inviter?.fullName).toBe("Olivia Owner");
      expect(body.view.community.id).toBe(w.community.id);
      expect(body.view.viewer.isMember).toBe(false);
    }
    await expectError(await open("A".repeat(43), null), 404, "NOT_FOUND");
    const bad = await expectError(await open("short", null), 422);
    expect(bad.error.issues).toEqual([{ path: "token", message: "This invite link is not valid." }]);
  });

  it("joins whoever opens an open link, counting the use, once per person", async () => {
    const w = await world();
    const link = await createLink(w.community.id, w.owner, { maxUses: 2 });
    const newcomer = await person("New Comer");
    const res = await join(link.token, newcomer);
    expect(res.status).toBe(200);
    expect(((await res.json()) as CommunityView).viewer.isMember).toBe(true);
    expect(await isMember(w.community.id, newcomer.id)).toBe(true);
    expect(await count("select uses_count as n from community_invite_links where id = ?", link.id)).toBe(1);
    expect(
      await count(
        "select count(*) as n from notifications where recipient_id = ? and type = 'COMMUNITY_JOIN' and sender_id = ?",
        w.owner.id,
        newcomer.id,
      ),
    ).toBe(1);
    await expectError(await join(link.token, newcomer), 409, "ALREADY_MEMBER");
    await expectError(await join(link.token, w.member), 409, "ALREADY_MEMBER");
    expect(await count("select uses_count as n from community_invite_links where id = ?", link.id)).toBe(1);
    await expectError(await join(link.token, null), 401);
  });

  it("says clearly when a link expired, was revoked or is used up, and lets nobody in through it", async () => {
    const w = await world();
    const used = await createLink(w.community.id, w.owner, { maxUses: 1 });
    expect((await join(used.token, await person())).status).toBe(200);
    const revoked = await createLink(w.community.id, w.owner);
    await call(`${links(w.community.id)}/${revoked.id}`, { method: "DELETE", cookie: w.owner.cookie });
    const expired = await createLink(w.community.id, w.owner, { expiresInDays: 1 });
    await env.DB.prepare("update community_invite_links set expires_at = ? where id = ?")
      .bind(Date.now() - 1, expired.id)
      .run();

    const cases = [
      [used, "used_up", "This invite link has reached its limit of uses."],
      [revoked, "revoked", "This invite link has been revoked."],
      [expired, "expired", "This invite link has expired."],
    ] as const;
    for (const [link, state, message] of cases) {
      const who = await person();
      expect(((await (await open(link.token, who)).json()) as OpenedInvite).state).toBe(state);
      const refused = await expectError(await join(link.token, who), 409, "CONFLICT");
      expect(refused.error.message).toBe(message);
      expect(await isMember(w.community.id, who.id)).toBe(false);
    }
    expect(await count("select uses_count as n from community_invite_links where id = ?", used.id)).toBe(1);
  });

  it("honours the plan's member limit and does not count the use", async () => {
    const w = await world({ planLimits: { maxMembers: 5 } });
    const link = await createLink(w.community.id, w.owner);
    const who = await person();
    const full = await expectError(await join(link.token, who), 409, "CONFLICT");
    expect(full.error.message).toBe("This community has reached its member limit.");
    expect(await isMember(w.community.id, who.id)).toBe(false);
    expect(await count("select uses_count as n from community_invite_links where id = ?", link.id)).toBe(0);
  });

  it("sends people to the payment screen of a paid community", async () => {
    const w = await world({ isPaid: true, price: 1900, paymentType: "single" });
    const link = await createLink(w.community.id, w.owner);
    const who = await person();
    await expectError(await join(link.token, who), 409, "NOT_AVAILABLE");
    expect(await isMember(w.community.id, who.id)).toBe(false);
  });

  it("lets its holder into a private community: free at once, paid through the payment screen, the use counted once", async () => {
    const w = await world();
    await env.DB.prepare("update communities set visibility = 'private' where id = ?").bind(w.community.id).run();
    const link = await createLink(w.community.id, w.owner);
    const guest = await person();
    expect(((await (await open(link.token, guest)).json()) as OpenedInvite).view.viewer.canJoin).toBe(true);
    // Without the link, the same person is asked for a request.
    const plain = (await (await call(`/api/communities/${w.community.id}`, { cookie: guest.cookie })).json()) as CommunityView;
    expect(plain.viewer).toMatchObject({ canJoin: false, canRequest: true });
    expect((await join(link.token, guest)).status).toBe(200);
    expect(await isMember(w.community.id, guest.id)).toBe(true);

    await makePaid(w.community.id);
    const payer = await person();
    await expectError(await join(link.token, payer), 409, "NOT_AVAILABLE");
    await expectError(await join(link.token, payer), 409, "NOT_AVAILABLE");
    expect(await count("select uses_count as n from community_invite_links where id = ?", link.id)).toBe(2);
    expect(
      await count("select status as n from membership_requests where community_id = ? and user_id = ?", w.community.id, payer.id),
    ).toBe("approved");
    const paid = (await (
      await pay(payer, { communityId: w.community.id, card: newCard(APPROVE), saveCard: false })
    ).json()) as Result;
    expect(paid.status).toBe("approved");
    expect(await isMember(w.community.id, payer.id)).toBe(true);

    // A closed link admits nobody: the payment stays refused.
    await env.DB.prepare("update community_invite_links set revoked_at = ? where id = ?").bind(Date.now(), link.id).run();
    const late = await person();
    await expectError(await join(link.token, late), 409, "CONFLICT");
    expect(await count("select count(*) as n from membership_requests where user_id = ?", late.id)).toBe(0);
    await expectError(await pay(late, { communityId: w.community.id, card: newCard(APPROVE), saveCard: false }), 409, "CONFLICT");
  });

  it("hides a community under review behind its link like everywhere else", async () => {
    const w = await world();
    const link = await createLink(w.community.id, w.owner);
    await env.DB.prepare("update communities set review_status = 'under_review' where id = ?").bind(w.community.id).run();
    const who = await person();
    await expectError(await open(link.token, who), 404, "NOT_FOUND");
    await expectError(await join(link.token, who), 404, "NOT_FOUND");
    expect((await open(link.token, w.owner)).status).toBe(200);
  });
});
