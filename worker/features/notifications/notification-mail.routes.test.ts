import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { NotificationPreferences } from "../../../common/contract/notifications";
import { closeAll, connect } from "../../../party/test-socket";
import { addMember, call, createCommunity, createUser, expectError, type TestUser } from "../../../tests/factories";
import { batch, openDb } from "../../lib/db";
import { DIGEST_HOUR_UTC, deliverNotificationMail } from "./mail-delivery";
import { notify, plan } from "../../lib/commit";

afterEach(closeAll);

const MINUTE = 60_000;
const db = openDb(env);
const deliver = (now = Date.now()) => deliverNotificationMail(env, db, now);

type Mail = { subject: string; text: string; html: string; kind: string; headers: string | null };
const mailsTo = async (user: TestUser) =>
  (
    await env.DB.prepare(
      `select subject, text, html, kind, headers from mail_outbox where "to" = ? and kind like 'notification%' order by created_at, id`,
    )
      .bind(user.user.email)
      .all<Mail>()
  ).results;

const notificationRows = async (user: TestUser, type: string) =>
  (await env.DB.prepare("select count(*) as n from notifications where recipient_id = ? and type = ?")
    .bind(user.user.id, type)
    .first<{ n: number }>())!.n;

const preferences = async (user: TestUser) =>
  (await (await call("/api/notifications/preferences", { cookie: user.cookie })).json()) as NotificationPreferences;

const setPreferences = (user: TestUser, body: object) =>
  call("/api/notifications/preferences", { method: "PATCH", body, cookie: user.cookie });

async function directChat(from: TestUser, to: TestUser): Promise<string> {
  const res = await call("/api/conversations/direct", { body: { userId: to.user.id }, cookie: from.cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as { conversation: { id: string } }).conversation.id;
}

async function message(from: TestUser, conversationId: string, content: string) {
  const res = await call(`/api/conversations/${conversationId}/messages`, {
    body: { id: crypto.randomUUID(), content },
    cookie: from.cookie,
  });
  expect(res.status).toBe(201);
}

/** A member's post that `liker` likes: a POST_LIKE to the member. */
async function likedPost(author: TestUser, liker: TestUser, communityId: string) {
  const res = await call(`/api/communities/${communityId}/posts`, { body: { content: "Look at this" }, cookie: author.cookie });
  expect(res.status).toBe(201);
  const { post } = (await res.json()) as { post: { id: string } };
  expect((await call(`/api/posts/${post.id}/like`, { method: "POST", cookie: liker.cookie })).status).toBe(200);
  return post.id;
}

async function pair() {
  const ana = await createUser({ name: "Ana Writer" });
  const giorgi = await createUser({ name: "Giorgi Reader" });
  return { ana, giorgi, chat: await directChat(ana, giorgi) };
}

const unsubscribeLink = (mail: Mail) => JSON.parse(mail.headers ?? "{}")["List-Unsubscribe"].slice(1, -1) as string;

describe("notification preferences", () => {
  it("are all on by default, per type and channel, and change one switch at a time", async () => {
    const me = await createUser();
    const initial = await preferences(me);
    expect(initial.emailDigest).toBe(false);
    expect(initial.types.length).toBeGreaterThan(10);
    expect(initial.types.every((t) => t.inApp && t.email)).toBe(true);

    const res = await setPreferences(me, { types: [{ type: "MESSAGE", email: false }] });
    expect(res.status).toBe(200);
    const after = await preferences(me);
    expect(after.types.find((t) => t.type === "MESSAGE")).toEqual({ type: "MESSAGE", inApp: true, email: false });
    expect(after.types.filter((t) => !t.email || !t.inApp)).toHaveLength(1);

    await setPreferences(me, { types: [{ type: "MESSAGE", inApp: false }], emailDigest: true });
    expect((await preferences(me)).types.find((t) => t.type === "MESSAGE")).toEqual({
      type: "MESSAGE",
      inApp: false,
      email: false,
    });
    expect((await preferences(me)).emailDigest).toBe(true);
  });

  it("keep one row per person with only the digest and broadcast choices; the switches live per type", async () => {
    const me = await createUser();
    await setPreferences(me, { emailDigest: true });
    const row = await env.DB.prepare("select * from notification_preferences where user_id = ?").bind(me.user.id).first();
    expect(Object.keys(row ?? {}).sort()).toEqual(["broadcast_email", "email_digest", "updated_at", "user_id"]);
    expect(row).toMatchObject({ email_digest: 1, broadcast_email: 1 });
    // Each choice moves alone: turning broadcasts off keeps the digest, and back.
    const off = (await (await setPreferences(me, { broadcastEmail: false })).json()) as Record<string, unknown>;
    expect(off).toMatchObject({ emailDigest: true, broadcastEmail: false });
    const digestOff = (await (await setPreferences(me, { emailDigest: false })).json()) as Record<string, unknown>;
    expect(digestOff).toMatchObject({ emailDigest: false, broadcastEmail: false });
  });

  it("need a session, and refuse unknown types and empty changes with field messages, writing nothing", async () => {
    expect((await call("/api/notifications/preferences")).status).toBe(401);
    expect((await setPreferences({ cookie: "" } as TestUser, { emailDigest: true })).status).toBe(401);
    const me = await createUser();
    const unknown = await expectError(
      await setPreferences(me, { types: [{ type: "NOPE", email: false }] }),
      422,
      "VALIDATION_FAILED",
    );
    expect(unknown.error.issues?.[0]).toMatchObject({ path: "types.0.type", message: "Unknown notification type." });
    await expectError(await setPreferences(me, {}), 422, "VALIDATION_FAILED");
    await expectError(await setPreferences(me, { types: [{ type: "MESSAGE" }] }), 422, "VALIDATION_FAILED");
    await expectError(await setPreferences(me, { emailDigest: "yes" }), 422, "VALIDATION_FAILED");
    await expectError(await setPreferences(me, { broadcastEmail: "no" }), 422, "VALIDATION_FAILED");
    const stored = await env.DB.prepare("select count(*) as n from notification_type_preferences where user_id = ?")
      .bind(me.user.id)
      .first<{ n: number }>();
    expect(stored!.n).toBe(0);
  });
});

describe("notification e-mails", () => {
  it("open the same page as the notification in the app: a support answer opens its ticket's thread", async () => {
    const me = await createUser();
    const writes = plan(db, {
      steps: [
        notify({
          recipientId: me.user.id,
          senderId: null,
          communityId: null,
          type: "SYSTEM_ANNOUNCEMENT",
          content: "We fixed it.",
          data: { kind: "support", ticketId: "ticket-7" },
        }),
      ],
    });
    await batch(db, writes.statements);
    await deliver();
    const [mail] = await mailsTo(me);
    expect(mail!.text).toContain("/support?tab=contact&ticket=ticket-7");
  });

  it("go out for a type whose e-mail is on, in the recipient's language, with one-click unsubscribe headers", async () => {
    const { ana, giorgi, chat } = await pair();
    await env.DB.prepare("update users set language = 'ka' where id = ?").bind(giorgi.user.id).run();
    await message(ana, chat, "Gamarjoba!");
    await deliver();
    const [mail, ...more] = await mailsTo(giorgi);
    expect(more).toHaveLength(0);
    expect(mail!.kind).toBe("notification");
    expect(mail!.subject).toBe("Ana Writer-მა გამოგიგზავნათ შეტყობინება");
    expect(mail!.text).toContain("Gamarjoba!");
    expect(mail!.text).toContain(`/chat/${chat}`);
    const headers = JSON.parse(mail!.headers!) as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(headers["List-Unsubscribe"]).toMatch(/^<https?:\/\/[^>]+\/api\/notifications\/unsubscribe\?token=[^>]+>$/);
    // Nothing is mailed twice.
    await deliver();
    expect(await mailsTo(giorgi)).toHaveLength(1);
  });

  it("are not sent for a type whose e-mail is off, while the in-app notification still is", async () => {
    const { ana, giorgi, chat } = await pair();
    expect((await setPreferences(giorgi, { types: [{ type: "MESSAGE", email: false }] })).status).toBe(200);
    await message(ana, chat, "Are you there?");
    await deliver();
    expect(await mailsTo(giorgi)).toHaveLength(0);
    expect(await notificationRows(giorgi, "MESSAGE")).toBe(1);
  });

  it("with in-app off write no notification and push nothing, but still e-mail", async () => {
    const owner = await createUser({ name: "Owner Person" });
    const member = await createUser({ name: "Member Person" });
    const community = await createCommunity(owner.user.id);
    await addMember(community.id, member.user.id);
    expect((await setPreferences(owner, { types: [{ type: "POST_LIKE", inApp: false }] })).status).toBe(200);
    const tab = await connect(`/parties/user-room/${owner.user.id}`, { cookie: owner.cookie });
    await tab.next("welcome");
    const since = tab.frames.length;

    await likedPost(owner, member, community.id);
    expect(await notificationRows(owner, "POST_LIKE")).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The author's own level-up still arrives; the like does not.
    const pushed = tab.frames.slice(since).flatMap((f) => (f.type === "notification.created" ? [f.notification.type] : []));
    expect(pushed).not.toContain("POST_LIKE");
    await deliver();
    expect((await mailsTo(owner)).map((m) => m.subject)).toContain("Member Person liked your post");
  });

  it("are batched: two messages of one conversation within the hour are one mail, later ones wait for the next hour", async () => {
    const { ana, giorgi, chat } = await pair();
    const start = Date.now();
    await message(ana, chat, "First");
    await message(ana, chat, "Second");
    await deliver(start);
    const first = await mailsTo(giorgi);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toBe("2 new notifications on Agora");
    expect(first[0]!.text).toContain("First");
    expect(first[0]!.text).toContain("Second");

    await message(ana, chat, "Third");
    await deliver(start + 30 * MINUTE);
    expect(await mailsTo(giorgi)).toHaveLength(1);
    await deliver(start + 61 * MINUTE);
    const all = await mailsTo(giorgi);
    expect(all).toHaveLength(2);
    expect(all[1]!.text).toContain("Third");
    expect(all[1]!.text).not.toContain("First");
  });

  it("come as one daily digest for people who chose it, in the digest hour only and once", async () => {
    const owner = await createUser({ name: "Owner Person" });
    const member = await createUser({ name: "Member Person" });
    const community = await createCommunity(owner.user.id);
    await addMember(community.id, member.user.id);
    expect((await setPreferences(owner, { emailDigest: true })).status).toBe(200);
    await likedPost(owner, member, community.id);
    await likedPost(owner, member, community.id);
    const chat = await directChat(member, owner);
    await message(member, chat, "Digest me");

    const day = new Date();
    day.setUTCDate(day.getUTCDate() + 1);
    const inHour = (hour: number, minute = 5) =>
      Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour, minute);
    await deliver(inHour(DIGEST_HOUR_UTC - 1));
    expect(await mailsTo(owner)).toHaveLength(0);
    await deliver(inHour(DIGEST_HOUR_UTC));
    await deliver(inHour(DIGEST_HOUR_UTC, 35));
    const mails = await mailsTo(owner);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe("notification_digest");
    expect(mails[0]!.subject).toBe("Your daily Agora digest");
    expect(mails[0]!.text.match(/Member Person liked your post/g)).toHaveLength(2);
    expect(mails[0]!.text).toContain("Digest me");
    // A mix of types: the link stops them all.
    expect(unsubscribeLink(mails[0]!)).toContain(`token=${owner.user.id}.ALL.`);
  });
});

describe("unsubscribe links", () => {
  it("work without signing in (RFC 8058 one-click post) and turn off that type's e-mail for the link's owner only", async () => {
    const { ana, giorgi, chat } = await pair();
    await message(ana, chat, "Hello");
    await deliver();
    const link = new URL(unsubscribeLink((await mailsTo(giorgi))[0]!));
    const res = await call(`${link.pathname}${link.search}`, {
      method: "POST",
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example.net" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ type: "MESSAGE", email: false });
    expect((await preferences(giorgi)).types.find((t) => t.type === "MESSAGE")).toEqual({
      type: "MESSAGE",
      inApp: true,
      email: false,
    });
    expect((await preferences(ana)).types.every((t) => t.email)).toBe(true);

    await message(ana, chat, "Still there?");
    await deliver(Date.now() + 2 * 60 * MINUTE);
    expect(await mailsTo(giorgi)).toHaveLength(1);
  });

  it("refuse a token whose user or type was changed, or that is not ours, and change nothing", async () => {
    const { ana, giorgi, chat } = await pair();
    await message(ana, chat, "Hello");
    await deliver();
    const token = new URL(unsubscribeLink((await mailsTo(giorgi))[0]!)).searchParams.get("token")!;
    const [, type, signature] = token.split(".");
    for (const forged of [
      `${ana.user.id}.${type}.${signature}`,
      `${giorgi.user.id}.ALL.${signature}`,
      `${giorgi.user.id}.${type}.${"0".repeat(64)}`,
      "not-a-token",
    ]) {
      const res = await call(`/api/notifications/unsubscribe?token=${encodeURIComponent(forged)}`, {
        method: "POST",
        cookie: ana.cookie,
      });
      await expectError(res, 403, "FORBIDDEN");
    }
    await expectError(await call("/api/notifications/unsubscribe", { method: "POST" }), 422, "VALIDATION_FAILED");
    expect((await preferences(ana)).types.every((t) => t.email)).toBe(true);
    expect((await preferences(giorgi)).types.every((t) => t.email)).toBe(true);
  });
});
