import { eq, sql, type SQLWrapper } from "drizzle-orm";
import type { Context } from "hono";
import { batch, type Db } from "./db";
import { INVITATIONS_PER_HOUR } from "../../common/contract/limits";
import { AppError } from "./errors";
import { bare, bareList, excluded, firstRow, returningAs, type SelectAsRow } from "./sql-names";
import { rateLimits as limits } from "./tables";

export type RateLimitRule = { name: string; limit: number; windowMs: number };

/** What a hit answers: the count of the window (or of consecutive failures) after it. */
const counted = { count: limits.count };
type Counted = SelectAsRow<typeof counted>;

const HOUR = 60 * 60_000;

/** Limits per action. Windows are fixed; counters live in D1 so every isolate and location shares them. */
export const rateLimitRules = {
  signIn: { name: "sign-in", limit: 10, windowMs: 10 * 60_000 },
  signUp: { name: "sign-up", limit: 5, windowMs: HOUR },
  passwordReset: { name: "password-reset", limit: 5, windowMs: 15 * 60_000 },
  // Per account: every action that checks the current password (its change, a deletion request).
  accountPassword: { name: "account-password", limit: 5, windowMs: 15 * 60_000 },
  emailChange: { name: "email-change", limit: 5, windowMs: HOUR },
  communityCreate: { name: "community-create", limit: 5, windowMs: 24 * HOUR },
  uploads: { name: "uploads", limit: 60, windowMs: 10 * 60_000 },
  posting: { name: "posting", limit: 30, windowMs: 10 * 60_000 },
  // Counted by each conversation's room over its own messages (party/conversation-room.ts), so per person
  // and conversation: a send takes no D1 round trip. New conversations with strangers are `firstContacts`.
  messaging: { name: "messaging", limit: 20, windowMs: 10_000 },
  // Edits of one's messages: fixing typos fits; a script rewriting a chat's history does not.
  messageEdits: { name: "message-edits", limit: 30, windowMs: 60_000 },
  // New direct chats with people who share no community with the sender: each can end in a stranger's
  // notification, so a person reaches a handful an hour, not thousands.
  firstContacts: { name: "first-contacts", limit: 10, windowMs: HOUR },
  // A person liking their way down a long feed stays far below it; a script toggling a like hits it in seconds.
  likes: { name: "likes", limit: 300, windowMs: 5 * 60_000 },
  // Payment orders per person (joins, plans, card checks): a payer's retries fit; a script testing stolen cards does not.
  paymentOrders: { name: "payment-orders", limit: 10, windowMs: 15 * 60_000 },
  // Support: a person with a real problem writes a few tickets a day, not dozens.
  supportTickets: { name: "support-ticket", limit: 5, windowMs: HOUR },
  supportReplies: { name: "support-reply", limit: 30, windowMs: HOUR },
  invitations: { name: "invitations", limit: INVITATIONS_PER_HOUR, windowMs: HOUR },
  // Per recipient address: whoever asks, one inbox gets no more than this of each kind.
  verificationMail: { name: "mail-verify", limit: 3, windowMs: HOUR },
  resetMail: { name: "mail-reset", limit: 3, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;

/**
 * Exponential back-off on consecutive failures: after `freeFailures` of them each attempt waits
 * `baseMs * 2^(failures - freeFailures)` after the last one, at most `maxMs`.
 */
export type BackoffRule = { name: string; freeFailures: number; baseMs: number; maxMs: number };

export const backoffRules = {
  signIn: { name: "sign-in-account", freeFailures: 5, baseMs: 1000, maxMs: 15 * 60_000 },
} satisfies Record<string, BackoffRule>;

/**
 * Who a per-client limit counts. Cloudflare sets cf-connecting-ip on every request at the edge, so
 * only local development and tests go without one; lumping all of those into one bucket would let one
 * client (or test) lock every other out. They are counted by `subject` instead, what the request is
 * about (the e-mail address on the account endpoints): still limited per target, never shared.
 */
export function clientKey(c: Context, subject: string): string {
  const ip = c.req.header("cf-connecting-ip");
  return ip ? `ip:${ip}` : `about:${subject}`;
}

/**
 * Counts one hit for `subject` (a value, or an SQL expression such as the session's user id, so the
 * hit can ride in the same batch as the session lookup): one statement whose upsert restarts an
 * expired window or increments the current one atomically. No subject (a null expression) counts nothing.
 */
export function hitStatement(db: Db, rule: RateLimitRule, subject: string | SQLWrapper, now = Date.now()) {
  const windowStart = now - (now % rule.windowMs);
  const key = sql`${`${rule.name}:`} || ${subject}`;
  return db.get<Counted | undefined>(
    sql`insert into ${limits} (${bareList(limits.key, limits.windowStart, limits.count)})
        select ${key}, ${windowStart}, 1 where ${key} is not null
        on conflict(${bare(limits.key)}) do update set
          ${bare(limits.count)} = case when ${limits.windowStart} = ${excluded(limits.windowStart)} then ${limits.count} + 1 else 1 end,
          ${bare(limits.windowStart)} = ${excluded(limits.windowStart)}
        returning ${returningAs(counted)}`,
  );
}

export function rateLimited(retryAfterS: number): AppError {
  const wait = retryAfterS < 120 ? `${retryAfterS} seconds` : `${Math.ceil(retryAfterS / 60)} minutes`;
  return new AppError("RATE_LIMITED", `Too many attempts. Please try again in ${wait}.`, {
    headers: { "Retry-After": String(retryAfterS) },
  });
}

/** 429 with Retry-After once the window's limit is passed (`row` is what `hitStatement` returned). */
export function assertUnderLimit(rule: RateLimitRule, row: Counted | undefined, now = Date.now()) {
  if (!row || row.count <= rule.limit) return;
  const windowStart = now - (now % rule.windowMs);
  throw rateLimited(Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000)));
}

/** One hit on its own. */
export async function hit(db: Db, rule: RateLimitRule, subject: string, now = Date.now()): Promise<void> {
  assertUnderLimit(rule, await hitStatement(db, rule, subject, now), now);
}

/** One hit on its own, for callers that quietly skip the action when over the limit instead of refusing. */
export async function withinLimit(db: Db, rule: RateLimitRule, subject: string, now = Date.now()): Promise<boolean> {
  const row = await hitStatement(db, rule, subject, now);
  return !row || row.count <= rule.limit;
}

/**
 * How long (ms) after the last failure the next attempt waits; in SQL so the check and the count are
 * one atomic statement. The shift is capped so a long run of failures cannot overflow it.
 */
const backoffWait = (rule: BackoffRule) =>
  sql`case when ${limits.count} < ${rule.freeFailures} then 0
      else min(${rule.maxMs}, ${rule.baseMs} * (1 << min(${limits.count} - ${rule.freeFailures}, 30))) end`;

/**
 * Starts an attempt on `subject` under a back-off rule (the row holds the time of the last failure in
 * window_start and the consecutive failures in count). Unless the subject is still waiting, the
 * attempt is counted as a failure at once, in the same statement as the check, so parallel attempts
 * cannot all slip through the same gap; `clearFailures` undoes it when the attempt succeeds. While
 * waiting: 429 with Retry-After, and nothing counted. `exempt` attempts skip the wait but still count.
 */
export async function claimAttempt(
  db: Db,
  rule: BackoffRule,
  subject: string,
  { exempt = false, now = Date.now() }: { exempt?: boolean; now?: number } = {},
): Promise<void> {
  const key = `${rule.name}:${subject}`;
  const claim = db.get<Counted | undefined>(
    sql`insert into ${limits} (${bareList(limits.key, limits.windowStart, limits.count)}) values (${key}, ${now}, 1)
        on conflict(${bare(limits.key)}) do update set
          ${bare(limits.count)} = ${limits.count} + 1, ${bare(limits.windowStart)} = ${excluded(limits.windowStart)}
        where ${exempt ? 1 : 0} or ${excluded(limits.windowStart)} >= ${limits.windowStart} + ${backoffWait(rule)}
        returning ${returningAs(counted)}`,
  );
  const waiting = firstRow(
    db
      .select({ waitMs: sql<number>`${limits.windowStart} + ${backoffWait(rule)} - ${now}` })
      .from(limits)
      .where(eq(limits.key, key)),
  );
  const read = await batch(db, [claim, waiting]);
  if (read(claim)) return;
  throw rateLimited(Math.max(1, Math.ceil((read(waiting)?.waitMs ?? 0) / 1000)));
}

/** Ends a run of failures (a successful attempt). */
export async function clearFailures(db: Db, rule: BackoffRule, subject: string): Promise<void> {
  await db.delete(limits).where(eq(limits.key, `${rule.name}:${subject}`));
}
