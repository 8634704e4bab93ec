import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { AccountExport, AccountSession, DeletionStatus } from "../../../common/contract/account";
import { newId } from "../../../common/ids";
import {
  addMember,
  call,
  cookieFrom,
  createCommunity,
  createConversation,
  createUser,
  expectError,
  lastMailTo,
  mailCountTo,
  TEST_PASSWORD,
} from "../../../tests/factories";
import { closeAll, connect, type TestSocket } from "../../../party/test-socket";
import { insertSavedCard, insertSubscription } from "../../../tests/payments";
import type { AppEnv } from "../../env";
import { openDb } from "../../lib/db";
import { deliverNotificationMail } from "../notifications/mail-delivery";

const NEW_PASSWORD = "brand-new-horse-7";

const signIn = (email: string, password: string) => call("/api/auth/sign-in/email", { body: { email, password } });
const sessions = async (cookie: string) => {
  const res = await call("/api/account/sessions", { cookie });
  return res.status === 200 ? ((await res.json()) as { items: AccountSession[] }).items : res.status;
};
const changePassword = (cookie: string | undefined, body: object) => call("/api/auth/change-password", { cookie, body });
const deletion = async (cookie: string) => (await (await call("/api/account/deletion", { cookie })).json()) as DeletionStatus;
const subscriptionStatus = async (id: string) =>
  (await env.DB.prepare("select status from user_subscriptions where id = ?").bind(id).first<{ status: string }>())!.status;

describe("changing the password", () => {
  it("refuses incomplete, mismatched, short and wrong-current input with the spec's messages, and changes nothing", async () => {
    const ana = await createUser();
    const cases: [object, string, string][] = [
      [
        { currentPassword: "", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        "currentPassword",
        "Please fill in all fields",
      ],
      [{ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }, "confirmPassword", "Please fill in all fields"],
      [
        { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: "other-horse-7" },
        "confirmPassword",
        "Passwords must match",
      ],
      [
        { currentPassword: TEST_PASSWORD, newPassword: "short1", confirmPassword: "short1" },
        "newPassword",
        "Password must be at least 8 characters",
      ],
      [
        { currentPassword: "not-my-password-1", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        "currentPassword",
        "Current password is incorrect",
      ],
    ];
    for (const [body, path, message] of cases) {
      const error = await expectError(await changePassword(ana.cookie, body), 422, "VALIDATION_FAILED");
      expect(error.error.issues).toContainEqual({ path, message });
    }
    expect((await signIn(ana.user.email, TEST_PASSWORD)).status).toBe(200);
    expect((await signIn(ana.user.email, NEW_PASSWORD)).status).toBe(401);
    await expectError(
      await changePassword(undefined, {
        currentPassword: TEST_PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      }),
      401,
    );
  });

  it("signs out every other session, keeps this browser signed in, and the new password signs in", async () => {
    const ana = await createUser();
    const laptop = cookieFrom(await signIn(ana.user.email, TEST_PASSWORD));
    expect(await sessions(laptop)).toHaveLength(2);

    const res = await changePassword(ana.cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).not.toContain("token");
    const current = cookieFrom(res);
    expect(await sessions(laptop)).toBe(401);
    expect(await sessions(ana.cookie)).toBe(401);
    const left = await sessions(current);
    expect(left).toMatchObject([{ current: true }]);
    expect((await signIn(ana.user.email, TEST_PASSWORD)).status).toBe(401);
    expect((await signIn(ana.user.email, NEW_PASSWORD)).status).toBe(200);
  });
});

describe("live connections of revoked sessions", () => {
  afterEach(closeAll);

  /** A tab of `cookie` in the person's own room, a community's room and a chat's room, each welcomed. */
  async function tabs(userId: string, cookie: string, communityId: string, chatId: string) {
    const sockets = await Promise.all([
      connect(`/parties/user-room/${userId}`, { cookie }),
      connect(`/parties/community-room/${communityId}`, { cookie }),
      connect(`/parties/conversation-room/${chatId}`, { cookie }),
    ]);
    await Promise.all(sockets.map((s) => s.next("welcome")));
    return sockets;
  }
  /** Each socket's close code, or "open" while it stays open for 3 s. */
  const closeCodes = (sockets: TestSocket[]) =>
    Promise.all(
      sockets.map((s) => Promise.race([s.closed.then((c) => c.code), new Promise((r) => setTimeout(() => r("open"), 3000))])),
    );
  const stillOpen = async (sockets: TestSocket[]) => {
    await new Promise((r) => setTimeout(r, 300));
    return sockets.map((s) => s.ws.readyState === WebSocket.READY_STATE_OPEN);
  };

  async function world() {
    const ana = await createUser();
    const friend = await createUser();
    const { id: communityId } = await createCommunity(friend.user.id);
    await addMember(communityId, ana.user.id);
    const { id: chatId } = await createConversation("direct", [ana.user.id, friend.user.id]);
    const laptop = cookieFrom(await signIn(ana.user.email, TEST_PASSWORD));
    return { ana, friend, communityId, chatId, laptop };
  }

  it("are closed in every room when a password change signs the other sessions out; this browser's stay", async () => {
    const { ana, friend, communityId, chatId, laptop } = await world();
    const others = await tabs(ana.user.id, laptop, communityId, chatId);
    const mine = await tabs(ana.user.id, ana.cookie, communityId, chatId);
    const friends = await tabs(friend.user.id, friend.cookie, communityId, chatId);

    const res = await changePassword(ana.cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(await closeCodes(others)).toEqual([4003, 4003, 4003]);
    expect(await stillOpen(mine)).toEqual([true, true, true]);
    expect(await stillOpen(friends)).toEqual([true, true, true]);
  });

  it("are closed when the other sessions are signed out from the sessions list; this browser's stay", async () => {
    const { ana, communityId, chatId, laptop } = await world();
    const others = await tabs(ana.user.id, laptop, communityId, chatId);
    const mine = await tabs(ana.user.id, ana.cookie, communityId, chatId);
    expect((await call("/api/account/sessions/sign-out-others", { method: "POST", cookie: ana.cookie })).status).toBe(200);
    expect(await closeCodes(others)).toEqual([4003, 4003, 4003]);
    expect(await stillOpen(mine)).toEqual([true, true, true]);
  });

  it("are all closed when a reset password signs every session out", async () => {
    const { ana, communityId, chatId, laptop } = await world();
    const sockets = [
      ...(await tabs(ana.user.id, laptop, communityId, chatId)),
      ...(await tabs(ana.user.id, ana.cookie, communityId, chatId)),
    ];
    await call("/api/auth/request-password-reset", { body: { email: ana.user.email } });
    const link = new URL((await lastMailTo(ana.user.email))!.link!);
    const token = new URL((await call(link.pathname + link.search)).headers.get("location")!, "http://x").searchParams.get(
      "token",
    );
    expect((await call("/api/auth/reset-password", { body: { token, newPassword: NEW_PASSWORD } })).status).toBe(200);
    expect(await closeCodes(sockets)).toEqual([4003, 4003, 4003, 4003, 4003, 4003]);
  });

  it("are left open by a refused password change", async () => {
    const { ana, communityId, chatId, laptop } = await world();
    const others = await tabs(ana.user.id, laptop, communityId, chatId);
    const res = await changePassword(ana.cookie, {
      currentPassword: "wrong-password-1",
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(422);
    expect(await stillOpen(others)).toEqual([true, true, true]);
  });
});

describe("changing the e-mail address", () => {
  it("mails a link to the new address and changes the account only when it is followed", async () => {
    const ana = await createUser();
    const newEmail = `moved-${newId()}@example.com`;
    await expectError(await call("/api/auth/change-email", { cookie: ana.cookie, body: { newEmail: "not an address" } }), 422);
    await expectError(await call("/api/auth/change-email", { cookie: ana.cookie, body: { newEmail: ana.user.email } }), 422);
    await expectError(await call("/api/auth/change-email", { body: { newEmail } }), 401);
    expect(await mailCountTo(newEmail)).toBe(0);

    expect((await call("/api/auth/change-email", { cookie: ana.cookie, body: { newEmail } })).status).toBe(200);
    const mail = await lastMailTo(newEmail);
    expect(mail?.link).toBeTruthy();
    expect((await signIn(newEmail, TEST_PASSWORD)).status).toBe(401);

    const link = new URL(mail!.link!);
    const followed = await call(`${link.pathname}${link.search}`);
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toContain("/settings/privacy-security?email=changed");
    expect((await signIn(newEmail, TEST_PASSWORD)).status).toBe(200);
    expect((await signIn(ana.user.email, TEST_PASSWORD)).status).toBe(401);
  });

  it("answers an address someone else holds like any other, and mails nobody", async () => {
    const ana = await createUser();
    const giorgi = await createUser();
    const before = await mailCountTo(giorgi.user.email);
    expect((await call("/api/auth/change-email", { cookie: ana.cookie, body: { newEmail: giorgi.user.email } })).status).toBe(
      200,
    );
    expect(await mailCountTo(giorgi.user.email)).toBe(before);
  });
});

describe("sessions", () => {
  it("lists where the account is signed in, marks this one, and signs others out one by one or all at once", async () => {
    const ana = await createUser();
    const giorgi = await createUser();
    const phone = cookieFrom(
      await call("/api/auth/sign-in/email", {
        body: { email: ana.user.email, password: TEST_PASSWORD },
        headers: { "user-agent": "Phone Browser" },
      }),
    );
    const tablet = cookieFrom(await signIn(ana.user.email, TEST_PASSWORD));
    const listed = (await sessions(ana.cookie)) as AccountSession[];
    expect(listed).toHaveLength(3);
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    expect(listed[0]!.current).toBe(true);
    expect(listed.map((s) => s.userAgent)).toContain("Phone Browser");
    expect(JSON.stringify(listed)).not.toMatch(/token/i);

    const phoneSession = listed.find((s) => s.userAgent === "Phone Browser")!;
    // Someone else's session is not theirs to end.
    await expectError(await call(`/api/account/sessions/${phoneSession.id}`, { method: "DELETE", cookie: giorgi.cookie }), 404);
    expect(await sessions(phone)).toHaveLength(3);
    expect((await call(`/api/account/sessions/${phoneSession.id}`, { method: "DELETE", cookie: ana.cookie })).status).toBe(200);
    expect(await sessions(phone)).toBe(401);

    const res = await call("/api/account/sessions/sign-out-others", { method: "POST", cookie: ana.cookie });
    expect(await res.json()).toEqual({ signedOut: 1 });
    expect(await sessions(tablet)).toBe(401);
    expect(await sessions(ana.cookie)).toHaveLength(1);
    expect(await sessions(giorgi.cookie)).toHaveLength(1);
    await expectError(await call("/api/account/sessions"), 401);
  });
});

describe("account deletion", () => {
  it("needs the password: a wrong one schedules nothing and cancels nothing", async () => {
    const ana = await createUser();
    const owner = await createUser();
    const { id: communityId } = await createCommunity(owner.user.id);
    const subscription = await insertSubscription(ana.user.id, communityId, "active");
    for (const body of [
      {},
      { password: "" },
      { password: "wrong-password-1" },
      { password: TEST_PASSWORD, reason: "x".repeat(501) },
    ]) {
      const error = await expectError(await call("/api/account/deletion", { cookie: ana.cookie, body }), 422);
      expect(error.error.issues?.length).toBeGreaterThan(0);
    }
    expect(await deletion(ana.cookie)).toEqual({ hasPendingDeletion: false, scheduledDeletionAt: null, daysRemaining: null });
    expect(await subscriptionStatus(subscription)).toBe("active");
    await expectError(await call("/api/account/deletion", { body: { password: TEST_PASSWORD } }), 401);
  });

  it("schedules the purge 30 days ahead, cancels the subscriptions at once, and can be cancelled", async () => {
    const ana = await createUser();
    const owner = await createUser();
    const { id: communityId } = await createCommunity(owner.user.id);
    const subscription = await insertSubscription(ana.user.id, communityId, "active");
    const before = Date.now();
    const res = await call("/api/account/deletion", {
      cookie: ana.cookie,
      body: { password: TEST_PASSWORD, reason: "Moving on" },
    });
    expect(res.status).toBe(200);
    const status = (await res.json()) as DeletionStatus;
    expect(status).toMatchObject({ hasPendingDeletion: true, daysRemaining: 30 });
    expect(status.scheduledDeletionAt! - before).toBeGreaterThanOrEqual(30 * 86_400_000);
    expect(await subscriptionStatus(subscription)).toBe("cancelled");
    // Asking again does not postpone it.
    await call("/api/account/deletion", { cookie: ana.cookie, body: { password: TEST_PASSWORD } });
    expect((await deletion(ana.cookie)).scheduledDeletionAt).toBe(status.scheduledDeletionAt);
    // The person keeps access meanwhile.
    expect((await call("/api/me/communities", { cookie: ana.cookie })).status).toBe(200);

    expect((await call("/api/account/deletion", { method: "DELETE", cookie: ana.cookie })).status).toBe(200);
    expect(await deletion(ana.cookie)).toEqual({ hasPendingDeletion: false, scheduledDeletionAt: null, daysRemaining: null });
  });
});

describe("the deletion notification", () => {
  const announcements = async (userId: string) =>
    (
      await env.DB.prepare("select data from notifications where recipient_id = ? and type = 'SYSTEM_ANNOUNCEMENT'")
        .bind(userId)
        .all<{ data: string }>()
    ).results.map((r) => JSON.parse(r.data) as Record<string, unknown>);
  const queued = async (userId: string) =>
    (await env.DB.prepare(
      "select count(*) as n from notification_mail_queue where recipient_id = ? and type = 'SYSTEM_ANNOUNCEMENT'",
    )
      .bind(userId)
      .first<{ n: number }>())!.n;

  it("is written with the request, in the app and for e-mail, once however often the request is made", async () => {
    const ana = await createUser();
    const res = await call("/api/account/deletion", { cookie: ana.cookie, body: { password: TEST_PASSWORD } });
    const { scheduledDeletionAt } = (await res.json()) as DeletionStatus;
    expect(await announcements(ana.user.id)).toEqual([
      { kind: "account", account: "deletion_scheduled", deletionAt: scheduledDeletionAt },
    ]);
    expect(await queued(ana.user.id)).toBe(1);
    await call("/api/account/deletion", { cookie: ana.cookie, body: { password: TEST_PASSWORD } });
    expect(await announcements(ana.user.id)).toHaveLength(1);
    expect(await queued(ana.user.id)).toBe(1);

    await deliverNotificationMail(env as AppEnv, openDb(env), Date.now());
    const mail = await lastMailTo(ana.user.email);
    expect(mail!.subject).toBe("Your account is scheduled for deletion");
    expect(mail!.text).toContain(new Date(scheduledDeletionAt!).toISOString().slice(0, 10));
    expect(mail!.text).toContain("/settings/privacy-security");
  });

  it("follows the person's choices: with e-mail off for announcements it is only in the app", async () => {
    const ana = await createUser();
    await call("/api/notifications/preferences", {
      method: "PATCH",
      cookie: ana.cookie,
      body: { types: [{ type: "SYSTEM_ANNOUNCEMENT", email: false }] },
    });
    await call("/api/account/deletion", { cookie: ana.cookie, body: { password: TEST_PASSWORD } });
    expect(await announcements(ana.user.id)).toHaveLength(1);
    expect(await queued(ana.user.id)).toBe(0);
  });

  it("is not written for a refused request", async () => {
    const ana = await createUser();
    await call("/api/account/deletion", { cookie: ana.cookie, body: { password: "wrong-password-1" } });
    expect(await announcements(ana.user.id)).toEqual([]);
    expect(await queued(ana.user.id)).toBe(0);
  });
});

describe("downloading one's data", () => {
  it("is a JSON attachment of one's own profile, posts, messages and payments, with nobody else's words and no card token", async () => {
    const ana = await createUser({ name: "Ana Export" });
    const giorgi = await createUser({ name: "Giorgi Private" });
    const { id: communityId } = await createCommunity(ana.user.id);
    await addMember(communityId, giorgi.user.id);
    const post = await call(`/api/communities/${communityId}/posts`, { cookie: ana.cookie, body: { content: "Ana's own post" } });
    expect(post.status).toBe(201);
    const { id: conversationId } = await createConversation("direct", [ana.user.id, giorgi.user.id]);
    for (const [who, content] of [
      [ana, "from ana"],
      [giorgi, "giorgi's secret"],
    ] as const) {
      const res = await call(`/api/conversations/${conversationId}/messages`, {
        cookie: who.cookie,
        body: { id: crypto.randomUUID(), content },
      });
      expect(res.status).toBe(201);
    }
    await insertSavedCard(ana.user.id);
    await env.DB.prepare("update user_payment_methods set rectoken = 'rectoken-secret' where user_id = ?")
      .bind(ana.user.id)
      .run();

    const res = await call("/api/account/export", { cookie: ana.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="agora-data-.*\.json"$/);
    const text = await res.text();
    const data = JSON.parse(text) as AccountExport;
    expect(data.profile).toMatchObject({ id: ana.user.id, email: ana.user.email, fullName: "Ana Export" });
    expect(data.posts.map((p) => p.content)).toEqual(["Ana's own post"]);
    expect(data.messages.map((m) => m.content)).toEqual(["from ana"]);
    expect(data.memberships.map((m) => m.communityId)).toEqual([communityId]);
    expect(data.payments.cards).toEqual([expect.objectContaining({ maskedCard: "444455XXXXXX6666" })]);
    for (const foreign of ["giorgi's secret", "Giorgi Private", giorgi.user.email, "rectoken-secret"])
      expect(text).not.toContain(foreign);
    await expectError(await call("/api/account/export"), 401);
  });
});
