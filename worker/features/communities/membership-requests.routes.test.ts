import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedSession, seedUser } from "../../../tests/db-fixtures";
import { addMember, call, createCommunity, expectError, sessionCookie } from "../../../tests/factories";
import { insertBan } from "../../../tests/memberships";
import { APPROVE, makePaid, newCard, pay, type Result } from "../../../tests/payments";
import { openTestDb } from "../../../tests/test-db";
import type { Db } from "../../lib/db";

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});

type Person = { id: string; cookie: string };

async function person(): Promise<Person> {
  const user = await seedUser(db, { fullName: `Person ${crypto.randomUUID().slice(0, 8)}` });
  return { id: user.id, cookie: await sessionCookie(await seedSession(db, user.id)) };
}

const QUESTIONS = ["Why do you want to join?", "Where do you run?"];

async function world(opts: { paid?: boolean; maxMembers?: number } = {}) {
  const [owner, moderator, member, asker, other] = await Promise.all(Array.from({ length: 5 }, () => person()));
  const community = await createCommunity(owner!.id);
  await env.DB.prepare("update communities set visibility = 'private', membership_questions = ?, plan_limits = ? where id = ?")
    .bind(JSON.stringify(QUESTIONS), JSON.stringify({ maxMembers: opts.maxMembers ?? 100 }), community.id)
    .run();
  if (opts.paid) await makePaid(community.id);
  await addMember(community.id, moderator!.id, "moderator");
  await addMember(community.id, member!.id);
  return { owner: owner!, moderator: moderator!, member: member!, asker: asker!, other: other!, community };
}

const ask = (communityId: string, who: Person | null, answers: string[] = ["To train", "Mtatsminda"]) =>
  call(`/api/communities/${communityId}/requests`, { body: { answers }, cookie: who?.cookie });
const queue = (communityId: string, who: Person) => call(`/api/communities/${communityId}/requests`, { cookie: who.cookie });
const approve = (communityId: string, requestId: string, who: Person) =>
  call(`/api/communities/${communityId}/requests/${requestId}/approve`, { body: {}, cookie: who.cookie });
const decline = (communityId: string, requestId: string, who: Person, reason?: string) =>
  call(`/api/communities/${communityId}/requests/${requestId}/decline`, { body: reason ? { reason } : {}, cookie: who.cookie });
const view = async (communityId: string, who: Person) =>
  (await (await call(`/api/communities/${communityId}`, { cookie: who.cookie })).json()) as {
    viewer: {
      canJoin: boolean;
      canRequest: boolean;
      isMember: boolean;
      request: { status: string; reason: string | null } | null;
    };
    community: { visibility: string; membershipQuestions: string[] };
  };
const isMember = async (communityId: string, userId: string) =>
  (await env.DB.prepare("select 1 from community_members where community_id = ? and profile_id = ?")
    .bind(communityId, userId)
    .first()) !== null;
const announcements = (userId: string) =>
  env.DB.prepare("select sender_id as sender, data from notifications where recipient_id = ? and type = 'SYSTEM_ANNOUNCEMENT'")
    .bind(userId)
    .all<{ sender: string | null; data: string }>()
    .then((r) => r.results.map((n) => ({ sender: n.sender, ...(JSON.parse(n.data) as object) })));

type Queue = { items: { id: string; user: { id: string }; questions: string[]; answers: string[] }[] };

describe("join settings", () => {
  it("the owner and admins make a community private with questions, or keep it out of explore; others may not", async () => {
    const [owner, admin, moderator] = await Promise.all([person(), person(), person()]);
    const community = await createCommunity(owner.id);
    await addMember(community.id, admin.id, "admin");
    await addMember(community.id, moderator.id, "moderator");
    const set = (who: Person, body: unknown) =>
      call(`/api/communities/${community.id}/join-settings`, { method: "PATCH", body, cookie: who.cookie });
    await expectError(await set(moderator, { visibility: "private" }), 403, "FORBIDDEN");
    await expectError(
      await set(admin, { visibility: "private", membershipQuestions: ["a", "b", "c", "d"] }),
      422,
      "VALIDATION_FAILED",
    );
    const res = await set(admin, { visibility: "private", hiddenFromExplore: true, membershipQuestions: [" Why? "] });
    expect(await res.json()).toEqual({ visibility: "private", hiddenFromExplore: true, membershipQuestions: ["Why?"] });
    const explore = async () =>
      (
        (await (await call(`/api/communities?sort=newest&limit=48`)).json()) as { items: { id: string; isPrivate: boolean }[] }
      ).items.find((i) => i.id === community.id);
    expect(await explore()).toBeUndefined();
    // Public again: listed, and nothing is asked.
    expect(
      await (await set(owner, { visibility: "public", hiddenFromExplore: true, membershipQuestions: ["Why?"] })).json(),
    ).toEqual({
      visibility: "public",
      hiddenFromExplore: false,
      membershipQuestions: [],
    });
    expect((await explore())?.isPrivate).toBe(false);
  });
});

describe("a private community", () => {
  it("is joined by a request with answers: the owner is told, moderators see the queue, an approval lets the person in", async () => {
    const w = await world();
    const before = await view(w.community.id, w.asker);
    expect(before.community).toMatchObject({ visibility: "private", membershipQuestions: QUESTIONS });
    expect(before.viewer).toMatchObject({ canJoin: false, canRequest: true, request: null });
    await expectError(
      await call(`/api/communities/${w.community.id}/join`, { body: {}, cookie: w.asker.cookie }),
      409,
      "CONFLICT",
    );

    expect((await ask(w.community.id, w.asker)).status).toBe(201);
    await expectError(await ask(w.community.id, w.asker), 409, "CONFLICT");
    expect((await view(w.community.id, w.asker)).viewer).toMatchObject({ canRequest: false, request: { status: "pending" } });
    expect(await announcements(w.owner.id)).toEqual([{ sender: w.asker.id, kind: "membership", membership: "requested" }]);

    const list = (await (await queue(w.community.id, w.moderator)).json()) as Queue;
    expect(list.items.map((r) => [r.user.id, r.questions, r.answers])).toEqual([
      [w.asker.id, QUESTIONS, ["To train", "Mtatsminda"]],
    ]);
    await expectError(await queue(w.community.id, w.member), 403, "FORBIDDEN");
    await expectError(await queue(w.community.id, w.other), 404, "NOT_FOUND");
    await expectError(await approve(w.community.id, list.items[0]!.id, w.member), 403, "FORBIDDEN");

    expect((await approve(w.community.id, list.items[0]!.id, w.moderator)).status).toBe(200);
    expect(await isMember(w.community.id, w.asker.id)).toBe(true);
    expect(await announcements(w.asker.id)).toEqual([{ sender: w.moderator.id, kind: "membership", membership: "approved" }]);
    await expectError(await approve(w.community.id, list.items[0]!.id, w.owner), 409, "CONFLICT");
    expect(((await (await queue(w.community.id, w.owner)).json()) as Queue).items).toEqual([]);
  });

  it("refuses a request without every answer (field by field), and asks nothing of public communities", async () => {
    const w = await world();
    const res = await ask(w.community.id, w.asker, ["Only one"]);
    const body = await expectError(res, 422, "VALIDATION_FAILED");
    expect(body.error.issues?.map((i) => i.path)).toEqual(["answers.1"]);
    await expectError(await ask(w.community.id, w.asker, ["", "x"]), 422, "VALIDATION_FAILED");
    await expectError(await ask(w.community.id, null), 401, "UNAUTHENTICATED");
    const open = await createCommunity(w.owner.id);
    await expectError(await ask(open.id, w.asker, []), 409, "CONFLICT");
    expect(((await (await queue(w.community.id, w.owner)).json()) as Queue).items).toEqual([]);
  });

  it("a decline tells the person why; they may ask again; a banned person may not ask", async () => {
    const w = await world();
    await ask(w.community.id, w.asker);
    const [request] = ((await (await queue(w.community.id, w.owner)).json()) as Queue).items;
    expect((await decline(w.community.id, request!.id, w.owner, "Runners from Tbilisi only")).status).toBe(200);
    expect(await isMember(w.community.id, w.asker.id)).toBe(false);
    expect(await announcements(w.asker.id)).toEqual([
      { sender: w.owner.id, kind: "membership", membership: "declined", reason: "Runners from Tbilisi only" },
    ]);
    expect((await view(w.community.id, w.asker)).viewer).toMatchObject({
      canRequest: true,
      request: { status: "declined", reason: "Runners from Tbilisi only" },
    });
    expect((await ask(w.community.id, w.asker)).status).toBe(201);

    await addMember(w.community.id, w.other.id);
    expect(
      (await call(`/api/communities/${w.community.id}/members/${w.other.id}/ban`, { body: {}, cookie: w.owner.cookie })).status,
    ).toBe(200);
    await expectError(await ask(w.community.id, w.other), 403, "FORBIDDEN");
  });

  it("leaves out of the queue whoever got in another way meanwhile, or was banned", async () => {
    const w = await world();
    await ask(w.community.id, w.asker);
    await ask(w.community.id, w.other);
    expect(((await (await queue(w.community.id, w.owner)).json()) as Queue).items).toHaveLength(2);
    await addMember(w.community.id, w.asker.id);
    await insertBan(w.community.id, w.other.id);
    expect(((await (await queue(w.community.id, w.owner)).json()) as Queue).items).toEqual([]);
  });

  it("an approval past the plan's member limit lets nobody in and leaves the request waiting", async () => {
    const w = await world({ maxMembers: 3 });
    await ask(w.community.id, w.asker);
    const [request] = ((await (await queue(w.community.id, w.owner)).json()) as Queue).items;
    await expectError(await approve(w.community.id, request!.id, w.owner), 409, "CONFLICT");
    expect(await isMember(w.community.id, w.asker.id)).toBe(false);
    expect(((await (await queue(w.community.id, w.owner)).json()) as Queue).items).toHaveLength(1);
    expect(await announcements(w.asker.id)).toEqual([]);
  });

  it("of a paid community, an approval lets the person pay (not in yet)", async () => {
    const w = await world({ paid: true });
    await ask(w.community.id, w.asker);
    const [request] = ((await (await queue(w.community.id, w.owner)).json()) as Queue).items;
    expect((await approve(w.community.id, request!.id, w.owner)).status).toBe(200);
    expect(await isMember(w.community.id, w.asker.id)).toBe(false);
    expect((await view(w.community.id, w.asker)).viewer).toMatchObject({ canRequest: false, request: { status: "approved" } });
  });

  it("of a paid community, only an approved request or an invitation by name lets a person pay", async () => {
    const w = await world({ paid: true });
    const stranger = await pay(w.other, { communityId: w.community.id, card: newCard(APPROVE), saveCard: false });
    await expectError(stranger, 409, "CONFLICT");
    expect(await isMember(w.community.id, w.other.id)).toBe(false);
    // The owner invites them by name; accepting leads to the payment screen, which now takes them.
    const invited = await call(`/api/communities/${w.community.id}/invitations`, {
      body: { userId: w.other.id },
      cookie: w.owner.cookie,
    });
    expect(invited.status).toBe(201);
    const accepted = await call(`/api/communities/${w.community.id}/invitation/accept`, {
      method: "POST",
      cookie: w.other.cookie,
    });
    expect(await accepted.json()).toMatchObject({ result: "payment" });
    const paid = (await (
      await pay(w.other, { communityId: w.community.id, card: newCard(APPROVE), saveCard: false })
    ).json()) as Result;
    expect(paid.status).toBe("approved");
    expect(await isMember(w.community.id, w.other.id)).toBe(true);
  });
});
