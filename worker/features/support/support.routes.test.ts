import { env } from "cloudflare:workers";
import { stopClock } from "../../../tests/clock";
import { describe, expect, it, vi } from "vitest";
import { call, createUser, expectError, lastMailTo, mailCountTo } from "../../../tests/factories";
import { insertTicket } from "../../../tests/support";
import type { AppEnv } from "../../env";
import { openDb } from "../../lib/db";
import { parseQueryStats } from "../../lib/query-count";
import { deliverNotificationMail } from "../notifications/mail-delivery";
import { supportContact } from "./support-contact";

type Summary = { id: string; subject: string; priority: string; category: string; status: string; repliesCount: number };
type Detail = Summary & { name: string; email: string; message: string; replies: { message: string; fromStaff: boolean }[] };

const ticketsOf = async (userId: string) =>
  (await env.DB.prepare("select count(*) as n from support_tickets where user_id = ?").bind(userId).first<{ n: number }>())!.n;
const repliesOf = async (ticketId: string) =>
  (await env.DB.prepare("select count(*) as n from support_ticket_replies where ticket_id = ?")
    .bind(ticketId)
    .first<{ n: number }>())!.n;

const open = (cookie: string, body: object) => call("/api/support/tickets", { body, cookie });

describe("the support contact details", () => {
  it("come from the deployment's settings, blank ones as not offered", () => {
    const configured = {
      ...env,
      SUPPORT_EMAIL: "help@example.org",
      SUPPORT_PHONE: " +995 32 200 00 00 ",
    };
    expect(supportContact(configured as AppEnv)).toEqual({
      email: "help@example.org",
      phone: "+995 32 200 00 00",
    });
    expect(supportContact({ ...env, SUPPORT_EMAIL: "help@example.org", SUPPORT_PHONE: "  " } as AppEnv)).toEqual({
      email: "help@example.org",
      phone: null,
    });
  });

  it("are public, and offer no channel the deployment has not set", async () => {
    const res = await call("/api/support/contact");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: null, phone: null });
  });
});

describe("a member's support tickets", () => {
  it("opens a ticket with the profile's name and e-mail and the spec's defaults, and lists it", async () => {
    const member = await createUser({ name: "Tamar Tsereteli" });
    const res = await open(member.cookie, { subject: "  Cannot upload a cover ", message: "It fails at 100%." });
    expect(res.status).toBe(201);
    const { ticket } = (await res.json()) as { ticket: Summary };
    expect(ticket).toMatchObject({ subject: "Cannot upload a cover", priority: "medium", category: "general", status: "open" });

    const detail = (await (await call(`/api/support/tickets/${ticket.id}`, { cookie: member.cookie })).json()) as Detail;
    expect(detail).toMatchObject({
      name: "Tamar Tsereteli",
      email: member.user.email,
      message: "It fails at 100%.",
      replies: [],
    });
    const list = (await (await call("/api/support/tickets", { cookie: member.cookie })).json()) as { items: Summary[] };
    expect(list.items.map((t) => t.id)).toEqual([ticket.id]);
  });

  it("refuses an empty form with the spec's field messages and stores nothing", async () => {
    const member = await createUser();
    const body = await expectError(
      await open(member.cookie, { subject: " ", message: "", priority: "asap" }),
      422,
      "VALIDATION_FAILED",
    );
    expect(body.error.issues).toEqual(
      expect.arrayContaining([
        { path: "subject", message: "Subject is required" },
        { path: "message", message: "Message is required" },
        { path: "priority", message: "Priority must be one of low, medium, high, urgent" },
      ]),
    );
    await expectError(await call("/api/support/tickets", { rawBody: "{", cookie: member.cookie }), 400);
    expect(await ticketsOf(member.user.id)).toBe(0);
  });

  it("refuses a profile without a name with the spec's message, without spending the rate limit", async () => {
    const member = await createUser();
    await env.DB.prepare("update users set full_name = '' where id = ?").bind(member.user.id).run();
    for (let i = 0; i < 6; i++) {
      const body = await expectError(await open(member.cookie, { subject: "Hi", message: "Hello" }), 422);
      expect(body.error.issues).toEqual([
        { path: "name", message: "Unable to get your name from your profile. Please try again." },
      ]);
    }
    expect(await ticketsOf(member.user.id)).toBe(0);
    await env.DB.prepare("update users set full_name = 'Named Now' where id = ?").bind(member.user.id).run();
    expect((await open(member.cookie, { subject: "Hi", message: "Hello" })).status).toBe(201);
  });

  it("limits ticket creation per person: the sixth in an hour is refused and not stored", async () => {
    // N requests in one fixed window, however long they take.
    stopClock();
    const member = await createUser();
    for (let i = 0; i < 5; i++) expect((await open(member.cookie, { subject: `Ticket ${i}`, message: "Text" })).status).toBe(201);
    const res = await open(member.cookie, { subject: "One too many", message: "Text" });
    await expectError(res, 429, "RATE_LIMITED");
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await ticketsOf(member.user.id)).toBe(5);
    // Someone else's budget is their own.
    const other = await createUser();
    expect((await open(other.cookie, { subject: "Mine", message: "Text" })).status).toBe(201);
  });

  it("keeps tickets to their sender: another member gets 404 for reading and answering, a guest 401", async () => {
    const owner = await createUser();
    const other = await createUser();
    const id = await insertTicket(owner.user.id);
    await expectError(await call(`/api/support/tickets/${id}`, { cookie: other.cookie }), 404, "NOT_FOUND");
    await expectError(
      await call(`/api/support/tickets/${id}/replies`, { body: { message: "Me too" }, cookie: other.cookie }),
      404,
    );
    expect(await repliesOf(id)).toBe(0);
    const list = (await (await call("/api/support/tickets", { cookie: other.cookie })).json()) as { items: Summary[] };
    expect(list.items).toEqual([]);
    await expectError(await call("/api/support/tickets"), 401, "UNAUTHENTICATED");
    await expectError(await open("", { subject: "Hi", message: "Hello" }), 401);
  });

  it("reads a ticket and its thread in one round trip", async () => {
    const owner = await createUser();
    const id = await insertTicket(owner.user.id);
    const res = await call(`/api/support/tickets/${id}`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(parseQueryStats(res.headers.get("server-timing"))?.roundTrips).toBe(1);
  });

  it("lets the sender answer an open ticket (back to waiting for staff) but not a closed one", async () => {
    const owner = await createUser();
    const id = await insertTicket(owner.user.id, { status: "answered" });
    const res = await call(`/api/support/tickets/${id}/replies`, { body: { message: "Still broken." }, cookie: owner.cookie });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ status: "open", reply: { message: "Still broken.", fromStaff: false } });
    const detail = (await (await call(`/api/support/tickets/${id}`, { cookie: owner.cookie })).json()) as Detail;
    expect(detail).toMatchObject({ status: "open", repliesCount: 1 });

    const closed = await insertTicket(owner.user.id, { status: "closed" });
    await expectError(
      await call(`/api/support/tickets/${closed}/replies`, { body: { message: "Hello?" }, cookie: owner.cookie }),
      409,
    );
    await expectError(await call(`/api/support/tickets/${id}/replies`, { body: { message: "   " }, cookie: owner.cookie }), 422);
    expect(await repliesOf(closed)).toBe(0);
    expect(await repliesOf(id)).toBe(1);
  });
});

describe("the staff ticket queue", () => {
  it("is staff only: everyone else gets 404", async () => {
    const member = await createUser();
    const id = await insertTicket(member.user.id);
    await expectError(await call("/api/admin/tickets", { cookie: member.cookie }), 404);
    await expectError(await call(`/api/admin/tickets/${id}`, { cookie: member.cookie }), 404);
    await expectError(await call(`/api/admin/tickets/${id}/replies`, { body: { message: "Hi" }, cookie: member.cookie }), 404);
    await expectError(
      await call(`/api/admin/tickets/${id}`, { method: "PATCH", body: { status: "closed" }, cookie: member.cookie }),
      404,
    );
    await expectError(await call("/api/admin/tickets"), 401);
    expect(await repliesOf(id)).toBe(0);
  });

  it("filters open and closed tickets, newest activity first", async () => {
    const staff = await createUser({ staff: true });
    const member = await createUser();
    const older = await insertTicket(member.user.id, { at: Date.now() - 60_000 });
    const answered = await insertTicket(member.user.id, { status: "answered" });
    const closed = await insertTicket(member.user.id, { status: "closed" });
    const ids = async (status: string) =>
      (
        (await (await call(`/api/admin/tickets?status=${status}&limit=50`, { cookie: staff.cookie })).json()) as {
          items: Summary[];
        }
      ).items.map((t) => t.id);
    const openIds = await ids("open");
    expect(openIds.indexOf(answered)).toBeLessThan(openIds.indexOf(older));
    expect(openIds).not.toContain(closed);
    expect(await ids("closed")).toContain(closed);
    expect(await ids("closed")).not.toContain(older);
    const bad = await expectError(await call("/api/admin/tickets?status=pending", { cookie: staff.cookie }), 422);
    expect(bad.error.issues?.[0]).toEqual({ path: "status", message: "Status must be open or closed" });
  });

  it("pages the queue by keyset without repeats", async () => {
    const staff = await createUser({ staff: true });
    const member = await createUser();
    const base = Date.now() + 10_000_000;
    for (let i = 0; i < 3; i++) await insertTicket(member.user.id, { status: "closed", at: base + i });
    const first = (await (await call("/api/admin/tickets?status=closed&limit=2", { cookie: staff.cookie })).json()) as {
      items: Summary[];
      nextCursor: string;
    };
    expect(first.items).toHaveLength(2);
    const second = (await (
      await call(`/api/admin/tickets?status=closed&limit=2&cursor=${encodeURIComponent(first.nextCursor)}`, {
        cookie: staff.cookie,
      })
    ).json()) as { items: Summary[] };
    expect(second.items.map((t) => t.id)).not.toContain(first.items[0]!.id);
    await expectError(await call("/api/admin/tickets?cursor=%%%", { cookie: staff.cookie }), 422);
  });

  it("answers a ticket: the sender sees the reply, is notified and gets an e-mail in their language", async () => {
    const staff = await createUser({ staff: true, name: "Nino Support" });
    const member = await createUser({ name: "Levan Ka" });
    await env.DB.prepare("update users set language = 'ka' where id = ?").bind(member.user.id).run();
    const created = await open(member.cookie, { subject: "Invoice please", message: "For my company." });
    const { ticket } = (await created.json()) as { ticket: Summary };

    const res = await call(`/api/admin/tickets/${ticket.id}/replies`, {
      body: { message: "Sent to your inbox." },
      cookie: staff.cookie,
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      status: "answered",
      reply: { fromStaff: true, author: { fullName: "Nino Support" } },
    });

    const detail = (await (await call(`/api/support/tickets/${ticket.id}`, { cookie: member.cookie })).json()) as Detail;
    expect(detail.status).toBe("answered");
    expect(detail.replies).toEqual([expect.objectContaining({ message: "Sent to your inbox.", fromStaff: true })]);

    const mail = await vi.waitFor(async () => {
      const found = await lastMailTo(member.user.email);
      if (!found) throw new Error("no mail yet");
      return found;
    });
    expect(mail.subject).toBe("ახალი პასუხი თქვენს მხარდაჭერის მოთხოვნაზე");
    expect(mail.text).toContain("Sent to your inbox.");
    expect(mail.text).toContain("„Invoice please“");
    expect(mail.link).toBe(`http://app.test/support?ticket=${ticket.id}`);

    const note = await env.DB.prepare("select type, content, data from notifications where recipient_id = ?")
      .bind(member.user.id)
      .first<{ type: string; content: string; data: string }>();
    expect(note).toEqual({
      type: "SYSTEM_ANNOUNCEMENT",
      content: "Sent to your inbox.",
      data: JSON.stringify({ kind: "support", ticketId: ticket.id }),
    });
    // The reply's own e-mail is the one e-mail: the notification is not mailed a second time.
    await deliverNotificationMail(env as AppEnv, openDb(env), Date.now());
    const replyMails = await env.DB.prepare(`select kind from mail_outbox where "to" = ? and kind <> 'verify_email'`)
      .bind(member.user.email)
      .all<{ kind: string }>();
    expect(replyMails.results).toEqual([{ kind: "support_reply" }]);
  });

  it("closes and reopens a ticket; a closed ticket takes no replies and sends nothing", async () => {
    const staff = await createUser({ staff: true });
    const member = await createUser();
    const id = await insertTicket(member.user.id, { status: "answered" });
    const patch = (status: string) =>
      call(`/api/admin/tickets/${id}`, { method: "PATCH", body: { status }, cookie: staff.cookie });

    expect(await (await patch("closed")).json()).toEqual({ id, status: "closed" });
    await expectError(await call(`/api/admin/tickets/${id}/replies`, { body: { message: "Late" }, cookie: staff.cookie }), 409);
    expect(await repliesOf(id)).toBe(0);
    expect(await mailCountTo(member.user.email, "support_reply")).toBe(0);

    expect(await (await patch("open")).json()).toEqual({ id, status: "open" });
    const bad = await expectError(await patch("resolved"), 422);
    expect(bad.error.issues?.[0]?.path).toBe("status");
    await expectError(
      await call("/api/admin/tickets/nope", { method: "PATCH", body: { status: "closed" }, cookie: staff.cookie }),
      404,
    );
  });
});
