import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { support } from "../../../common/contract/support";
import { batch } from "../../lib/db";
import { AppError, unauthenticated } from "../../lib/errors";
import { assertUnderLimit, hitStatement, rateLimitRules } from "../../lib/rate-limit";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { sessionStatement, sessionToken, sessionUserFrom, sessionUserId } from "../../lib/session";
import { tableAs } from "../../lib/sql-names";
import { sessions, users } from "../../lib/tables";
import { supportContact } from "./support-contact";
import { ticketClosed, ticketNotFound } from "./ticket-errors";
import {
  insertTicket,
  repliesStatement,
  replyWrites,
  ticketPage,
  ticketStatement,
  toDetail,
  toPage,
  toReply,
} from "./tickets.queries";

/** The session (`ss`) and its user (`u`) that a ticket's budget is counted for. */
const ss = alias(sessions, "ss");
const u = alias(users, "u");

/** The spec's words when the profile lacks what the ticket copies from it. */
function assertProfileComplete(user: { fullName: string; email: string }) {
  const issues = [
    ...(user.fullName.trim() ? [] : [{ path: "name", message: "Unable to get your name from your profile. Please try again." }]),
    ...(user.email.trim() ? [] : [{ path: "email", message: "Unable to get your email from your profile. Please try again." }]),
  ];
  if (issues.length > 0) throw new AppError("VALIDATION_FAILED", issues[0]!.message, { issues });
}

/** A member's own tickets (/api/support/tickets): open one, list them, read a thread, answer in it. */
export const supportRoutes = [
  // Public: how to reach support is no secret, and someone who cannot sign in may need it most.
  route(support.contact, (c) => respond(c, support.contact, supportContact(c.env))),
  route(support.create, async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const body = c.req.valid("json");
    const session = sessionStatement(db, token);
    // Counted only for a profile that can send one, so a refused form costs none of the budget.
    const limit = hitStatement(
      db,
      rateLimitRules.supportTickets,
      sql`(select ${ss.userId} from ${tableAs(ss)} join ${tableAs(u)} on ${u.id} = ${ss.userId}
           where ${ss.token} = ${token} and ${ss.expiresAt} > ${Date.now()} and trim(${u.fullName}) <> '' and trim(${u.email}) <> '')`,
    );
    const checks = await batch(db, [session, limit]);
    const user = sessionUserFrom(c, checks(session));
    if (!user) throw unauthenticated();
    assertProfileComplete(user);
    assertUnderLimit(rateLimitRules.supportTickets, checks(limit));
    const now = Date.now();
    const { id, statement } = insertTicket(db, { userId: user.id, name: user.fullName.trim(), email: user.email, ...body }, now);
    await statement;
    return respond(c, support.create, {
      ticket: { id, ...body, status: "open", repliesCount: 0, createdAt: now, lastActivityAt: now },
    });
  }),
  route(support.mine, async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const { cursor, limit } = c.req.valid("query");
    const session = sessionStatement(db, token);
    const list = ticketPage(db, { owner: sessionUserId(token) }, cursor, limit);
    const read = await batch(db, [session, list]);
    if (!sessionUserFrom(c, read(session))) throw unauthenticated();
    const page = toPage(read(list), limit);
    return respond(c, support.mine, { items: page.items, nextCursor: page.nextCursor });
  }),
  route(support.get, async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const { id } = c.req.valid("param");
    const reader = { owner: sessionUserId(token) };
    const session = sessionStatement(db, token);
    const ticket = ticketStatement(db, id, reader);
    const replies = repliesStatement(db, id, reader);
    const read = await batch(db, [session, ticket, replies]);
    if (!sessionUserFrom(c, read(session))) throw unauthenticated();
    const row = read(ticket);
    if (!row) throw ticketNotFound();
    return respond(c, support.get, toDetail(row, read(replies)));
  }),
  route(support.reply, async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const { id } = c.req.valid("param");
    const session = sessionStatement(db, token);
    const ticket = ticketStatement(db, id, { owner: sessionUserId(token) });
    const limit = hitStatement(db, rateLimitRules.supportReplies, sessionUserId(token));
    const checks = await batch(db, [session, ticket, limit]);
    const user = sessionUserFrom(c, checks(session));
    if (!user) throw unauthenticated();
    const row = checks(ticket);
    if (!row) throw ticketNotFound();
    if (row.status === "closed") throw ticketClosed();
    assertUnderLimit(rateLimitRules.supportReplies, checks(limit));
    const writes = replyWrites(db, {
      ticketId: id,
      authorId: user.id,
      fromStaff: false,
      message: c.req.valid("json").message,
      status: "open",
    });
    const read = await batch(db, [...writes.statements, writes.readBack]);
    const reply = read(writes.readBack)[0];
    if (!reply) throw ticketClosed();
    return respond(c, support.reply, { reply: toReply(reply), status: "open" });
  }),
];
