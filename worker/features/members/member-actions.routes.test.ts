import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeAll, connect, type TestSocket } from "../../../party/test-socket";
import { addMember, call, createCommunity, createConversation, expectError } from "../../../tests/factories";
import { seedSession, seedUser } from "../../../tests/db-fixtures";
import { sessionCookie } from "../../../tests/factories";
import { openTestDb } from "../../../tests/test-db";
import type { Db } from "../../lib/db";
import { APPROVE, makePaid, newCard } from "../../../tests/payments";
import { parseQueryStats } from "../../lib/query-count";

afterEach(closeAll);

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});

type Person = { user: { id: string }; name: string; cookie: string };

/** A person with a live session, written straight into D1 (these tests need many). */
async function person(): Promise<Person> {
  const name = `Person ${crypto.randomUUID().slice(0, 8)}`;
  const user = await seedUser(db, { fullName: name });
  return { user: { id: user.id }, name, cookie: await sessionCookie(await seedSession(db, user.id)) };
}

const remove = (communityId: string, userId: string, who: Person | null, body: unknown = {}) =>
  call(`/api/communities/${communityId}/members/${userId}/remove`, { body, cookie: who?.cookie });
const ban = (communityId: string, userId: string, who: Person | null, body: unknown = {}) =>
  call(`/api/communities/${communityId}/members/${userId}/ban`, { body, cookie: who?.cookie });
const bans = (communityId: string, who: Person | null) => call(`/api/communities/${communityId}/bans`, { cookie: who?.cookie });
const unban = (communityId: string, userId: string, who: Person | null) =>
  call(`/api/communities/${communityId}/bans/${userId}`, { method: "DELETE", cookie: who?.cookie });
const leave = (communityId: string, who: Person | null) =>
  call(`/api/communities/${communityId}/leave`, { body: {}, cookie: who?.cookie });
const join = (communityId: string, who: Person) => call(`/api/communities/${communityId}/join`, { body: {}, cookie: who.cookie });
const feed = (communityId: string, who: Person) => call(`/api/communities/${communityId}/posts`, { cookie: who.cookie });

const isMember = async (communityId: string, userId: string) =>
  (await env.DB.prepare("select 1 from community_members where community_id = ? and profile_id = ?")
    .bind(communityId, userId)
    .first()) !== null;
const membersCount = async (communityId: string) =>
  (await env.DB.prepare("select members_count as n from communities where id = ?").bind(communityId).first<{ n: number }>())!.n;
const announcements = (userId: string) =>
  env.DB.prepare("select data from notifications where recipient_id = ? and type = 'SYSTEM_ANNOUNCEMENT'")
    .bind(userId)
    .all<{ data: string }>()
    .then((r) => r.results.map((n) => JSON.parse(n.data) as Record<string, unknown>));

/** Writes a post or comment as `who` and answers it (its id). */
const write = (path: string, body: object, who: Person) =>
  call(path, { body, cookie: who.cookie, headers: { "idempotency-key": crypto.randomUUID() } }).then(async (res) => {
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { post?: { id: string }; comment?: { id: string } };
    return (answer.post ?? answer.comment)!;
  });

async function world() {
  const [owner, admin, admin2, moderator, moderator2, member, member2, outsider] = await Promise.all(
    Array.from({ length: 8 }, () => person()),
  );
  const community = await createCommunity(owner!.user.id);
  await addMember(community.id, admin!.user.id, "admin");
  await addMember(community.id, admin2!.user.id, "admin");
  await addMember(community.id, moderator!.user.id, "moderator");
  await addMember(community.id, moderator2!.user.id, "moderator");
  await addMember(community.id, member!.user.id);
  await addMember(community.id, member2!.user.id);
  return {
    owner: owner!,
    admin: admin!,
    admin2: admin2!,
    moderator: moderator!,
    moderator2: moderator2!,
    member: member!,
    member2: member2!,
    outsider: outsider!,
    community,
  };
}

describe("removing and banning members: who may", () => {
  it("owner anyone; admins moderators and members; moderators members only; never the owner or oneself", async () => {
    type W = Awaited<ReturnType<typeof world>>;
    type Role = "owner" | "admin" | "moderator" | "member";
    const target: Record<Role, (w: W) => Person> = {
      owner: (w) => w.owner,
      admin: (w) => w.admin2,
      moderator: (w) => w.moderator2,
      member: (w) => w.member2,
    };
    const actor: Record<Role, (w: W) => Person> = {
      owner: (w) => w.owner,
      admin: (w) => w.admin,
      moderator: (w) => w.moderator,
      member: (w) => w.member,
    };
    const allowed: Record<Role, Role[]> = {
      owner: ["admin", "moderator", "member"],
      admin: ["moderator", "member"],
      moderator: ["member"],
      member: [],
    };
    for (const action of [remove, ban]) {
      for (const by of Object.keys(actor) as Role[]) {
        // One world per actor: each role's target is a different person, so the tries do not meet.
        const w = await world();
        for (const whom of Object.keys(target) as Role[]) {
          const res = await action(w.community.id, target[whom](w).user.id, actor[by](w), { reason: "Spam" });
          const ok = allowed[by].includes(whom);
          // The owner on the owner is oneself: a conflict (leave instead), not a refusal of rank.
          const refused = by === "owner" && whom === "owner" ? 409 : 403;
          expect([by, whom, res.status]).toEqual([by, whom, ok ? 200 : refused]);
          expect(await isMember(w.community.id, target[whom](w).user.id)).toBe(!ok);
        }
      }
    }
  });

  it("refuses oneself (leave instead), outsiders (404), guests (401), and unknown members (404); changes nothing", async () => {
    const w = await world();
    await expectError(await remove(w.community.id, w.admin.user.id, w.admin), 409, "CONFLICT");
    await expectError(await remove(w.community.id, w.member.user.id, w.outsider), 404, "NOT_FOUND");
    await expectError(await ban(w.community.id, w.member.user.id, null), 401, "UNAUTHENTICATED");
    await expectError(await remove(w.community.id, w.outsider.user.id, w.owner), 404, "NOT_FOUND");
    await expectError(await ban(w.community.id, w.member.user.id, w.owner, { reason: "x".repeat(501) }), 422);
    await expectError(await ban(w.community.id, w.member.user.id, w.owner, { content: "burn" }), 422);
    expect(await isMember(w.community.id, w.member.user.id)).toBe(true);
    expect(await isMember(w.community.id, w.admin.user.id)).toBe(true);
    expect((await bans(w.community.id, w.owner).then((r) => r.json())) as unknown).toEqual({ items: [] });
  });
});

describe("a removal", () => {
  it("ends access at once, counts the members again, tells the member why, and lets them join again; one read, one write", async () => {
    const w = await world();
    const before = await membersCount(w.community.id);
    expect((await feed(w.community.id, w.member)).status).toBe(200);
    const res = await remove(w.community.id, w.member.user.id, w.moderator, { reason: "Off-topic posts" });
    expect(res.status).toBe(200);
    expect(parseQueryStats(res.headers.get("server-timing"))?.roundTrips).toBe(2);
    expect((await feed(w.community.id, w.member)).status).toBe(404);
    expect(await membersCount(w.community.id)).toBe(before - 1);
    expect(await announcements(w.member.user.id)).toEqual([
      { kind: "membership", membership: "removed", reason: "Off-topic posts" },
    ]);
    expect((await join(w.community.id, w.member)).status).toBe(200);
  });

  it("ends the member's subscription, renewing or cancelled to the period's end, so the renewal job has nothing to charge", async () => {
    const w = await world();
    const now = Date.now();
    const subscribe = (id: string, userId: string, status: "active" | "cancelled") =>
      env.DB.prepare(
        `insert into user_subscriptions (id, user_id, community_id, subscription_type, status, amount, currency, interval,
           current_period_start, current_period_end, cancelled_at, created_at, updated_at)
         values (?, ?, ?, 'community', ?, 1000, 'GEL', 'monthly', ?, ?, ?, ?, ?)`,
      )
        .bind(id, userId, w.community.id, status, now, now + 86_400_000, status === "cancelled" ? now : null, now, now)
        .run();
    await subscribe("sub-removed", w.member.user.id, "active");
    // Cancelled: it would not renew, but its period would still give access after the removal.
    await subscribe("sub-removed-cancelled", w.member2.user.id, "cancelled");
    expect((await remove(w.community.id, w.member.user.id, w.owner)).status).toBe(200);
    expect((await remove(w.community.id, w.member2.user.id, w.owner)).status).toBe(200);
    for (const id of ["sub-removed", "sub-removed-cancelled"]) {
      const sub = await env.DB.prepare("select status, current_period_end as e from user_subscriptions where id = ?")
        .bind(id)
        .first<{ status: string; e: number }>();
      expect(sub!.status).toBe("expired");
      expect(sub!.e).toBeLessThanOrEqual(Date.now());
    }
  });
});

describe("a ban", () => {
  it("keeps them out of every way in until lifted; the list shows who, by whom and why, to owner and admins only", async () => {
    const w = await world();
    expect((await ban(w.community.id, w.member.user.id, w.admin, { reason: "Harassment" })).status).toBe(200);
    expect(await announcements(w.member.user.id)).toEqual([{ kind: "membership", membership: "banned", reason: "Harassment" }]);
    await expectError(await join(w.community.id, w.member), 403, "FORBIDDEN");
    expect(await isMember(w.community.id, w.member.user.id)).toBe(false);
    // Paying is a way in too: refused before any charge.
    await makePaid(w.community.id);
    const paying = await call("/api/payments/join", {
      body: { communityId: w.community.id, card: newCard(APPROVE), saveCard: false },
      cookie: w.member.cookie,
      headers: { "idempotency-key": crypto.randomUUID() },
    });
    await expectError(paying, 403, "FORBIDDEN");
    await env.DB.prepare("update communities set is_paid = 0 where id = ?").bind(w.community.id).run();

    const list = (await (await bans(w.community.id, w.owner)).json()) as {
      items: { userId: string; fullName: string; reason: string; bannedBy: { id: string; fullName: string } }[];
    };
    expect(list.items.map((b) => [b.userId, b.fullName, b.reason, b.bannedBy.id, b.bannedBy.fullName])).toEqual([
      [w.member.user.id, w.member.name, "Harassment", w.admin.user.id, w.admin.name],
    ]);
    await expectError(await bans(w.community.id, w.moderator), 403, "FORBIDDEN");
    await expectError(await bans(w.community.id, w.member2), 403, "FORBIDDEN");
    await expectError(await bans(w.community.id, w.outsider), 404, "NOT_FOUND");
    await expectError(await unban(w.community.id, w.member.user.id, w.moderator), 403, "FORBIDDEN");

    expect((await unban(w.community.id, w.member.user.id, w.admin)).status).toBe(200);
    await expectError(await unban(w.community.id, w.member.user.id, w.admin), 404, "NOT_FOUND");
    expect((await join(w.community.id, w.member)).status).toBe(200);
  });

  it("with content deleted takes their posts away, with the points they earned and the counts they were in", async () => {
    const w = await world();
    const post = await call(`/api/communities/${w.community.id}/posts`, {
      body: { content: "Buy my course" },
      cookie: w.member.cookie,
      headers: { "idempotency-key": crypto.randomUUID() },
    });
    expect(post.status).toBe(201);
    // On the owner's post: their comment with a reply to it goes; someone else's comment stays.
    const ownerPost = await write(`/api/communities/${w.community.id}/posts`, { content: "Welcome" }, w.owner);
    const theirs = await write(`/api/posts/${ownerPost.id}/comments`, { content: "Buy it" }, w.member);
    await write(`/api/posts/${ownerPost.id}/comments`, { content: "No", parentCommentId: theirs.id }, w.member2);
    await write(`/api/posts/${ownerPost.id}/comments`, { content: "Hello" }, w.member2);
    const points = () =>
      env.DB.prepare("select coalesce(sum(amount), 0) as n from point_events where user_id = ? and community_id = ?")
        .bind(w.member.user.id, w.community.id)
        .first<{ n: number }>()
        .then((r) => r!.n);
    expect(await points()).toBeGreaterThan(0);
    expect((await ban(w.community.id, w.member.user.id, w.owner, { content: "delete" })).status).toBe(200);
    const left = await env.DB.prepare("select count(*) as n from posts where community_id = ?")
      .bind(w.community.id)
      .first<{ n: number }>();
    const counted = await env.DB.prepare("select posts_count as n from communities where id = ?")
      .bind(w.community.id)
      .first<{ n: number }>();
    const comments = await env.DB.prepare(
      "select comments_count as counted, (select count(*) from post_comments where post_id = posts.id) as n from posts where id = ?",
    )
      .bind(ownerPost.id)
      .first<{ counted: number; n: number }>();
    expect([left!.n, counted!.n, comments]).toEqual([1, 1, { counted: 1, n: 1 }]);
    expect(await points()).toBe(0);
  });

  it("with content hidden keeps their posts and comments out of every list until the ban is lifted", async () => {
    const w = await world();
    const theirs = await write(`/api/communities/${w.community.id}/posts`, { content: "Buy my course" }, w.member);
    const ownerPost = await write(`/api/communities/${w.community.id}/posts`, { content: "Welcome" }, w.owner);
    await write(`/api/posts/${ownerPost.id}/comments`, { content: "Buy it" }, w.member);
    const seen = async () => {
      const feed = (await (await call(`/api/communities/${w.community.id}/posts`, { cookie: w.member2.cookie })).json()) as {
        items: { id: string }[];
      };
      const comments = (await (await call(`/api/posts/${ownerPost.id}/comments`, { cookie: w.member2.cookie })).json()) as {
        items: { id: string }[];
      };
      const post = await call(`/api/posts/${theirs.id}`, { cookie: w.owner.cookie });
      await post.body?.cancel();
      return { feed: feed.items.map((p) => p.id).includes(theirs.id), comments: comments.items.length, post: post.status };
    };
    expect(await seen()).toEqual({ feed: true, comments: 1, post: 200 });
    expect((await ban(w.community.id, w.member.user.id, w.owner, { content: "hide" })).status).toBe(200);
    expect(await seen()).toEqual({ feed: false, comments: 0, post: 404 });
    expect((await unban(w.community.id, w.member.user.id, w.owner)).status).toBe(200);
    expect(await seen()).toEqual({ feed: true, comments: 1, post: 200 });
  });

  it("closes their sockets in the community's room and group chats at once and tells their tabs; others stay", async () => {
    const w = await world();
    const chat = await createConversation("group", [w.owner.user.id, w.member.user.id, w.member2.user.id], {
      communityId: w.community.id,
    });
    const open = async (who: Person) => {
      const sockets = await Promise.all([
        connect(`/parties/community-room/${w.community.id}`, { cookie: who.cookie }),
        connect(`/parties/conversation-room/${chat.id}`, { cookie: who.cookie }),
        connect(`/parties/user-room/${who.user.id}`, { cookie: who.cookie }),
      ]);
      await Promise.all(sockets.map((s) => s.next("welcome")));
      return sockets as [TestSocket, TestSocket, TestSocket];
    };
    const banned = await open(w.member);
    const staying = await open(w.member2);
    expect((await ban(w.community.id, w.member.user.id, w.owner)).status).toBe(200);
    const code = (s: TestSocket) => s.closed.then((c) => c.code);
    expect(await Promise.all([code(banned[0]), code(banned[1])])).toEqual([4003, 4003]);
    expect((await banned[2].next("community.access-ended", undefined, 0, 5000)).communityId).toBe(w.community.id);
    // The upgrade is refused from now on.
    const again = await call(`/parties/community-room/${w.community.id}`, {
      cookie: w.member.cookie,
      headers: { upgrade: "websocket" },
    });
    expect(again.status).toBe(404);
    expect([...staying, banned[2]].map((s) => s.ws.readyState === WebSocket.READY_STATE_OPEN)).toEqual([true, true, true, true]);
  });
});

describe("leaving", () => {
  it("a member leaves (nobody is notified, access ends); the owner cannot; a non-member gets 404", async () => {
    const w = await world();
    expect((await leave(w.community.id, w.member)).status).toBe(200);
    expect(await isMember(w.community.id, w.member.user.id)).toBe(false);
    expect((await feed(w.community.id, w.member)).status).toBe(404);
    expect(await announcements(w.member.user.id)).toEqual([]);
    await expectError(await leave(w.community.id, w.member), 404, "NOT_FOUND");
    await expectError(await leave(w.community.id, w.owner), 409, "CONFLICT");
    await expectError(await leave(w.community.id, null), 401, "UNAUTHENTICATED");
    expect((await join(w.community.id, w.member)).status).toBe(200);
  });
});
