import { sql } from "drizzle-orm";
import type { Context } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../common/ids";
import { openTestDb, testEngine } from "../../tests/test-db";
import { batch, type Db } from "./db";
import { AppError } from "./errors";
import {
  assertUnderLimit,
  backoffRules,
  claimAttempt,
  clearFailures,
  clientKey,
  hit,
  hitStatement,
  rateLimitRules,
  withinLimit,
  type BackoffRule,
  type RateLimitRule,
} from "./rate-limit";

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});

/** What a refused call threw: its code, message and Retry-After. */
async function refusal(call: () => Promise<unknown>) {
  const error = await call().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { code, message, headers } = error as AppError;
  return { code, message, retryAfter: headers?.["Retry-After"] };
}

const MINUTE = 60_000;
/** A moment 10 s into a fixed one-minute window. */
const t0 = 1_800_000_000_000 - (1_800_000_000_000 % MINUTE) + 10_000;

describe(`fixed-window rate limits on ${testEngine()}`, () => {
  const rule: RateLimitRule = { name: "test-window", limit: 2, windowMs: MINUTE };

  it("lets the limit through, then refuses with 429 and the seconds left in the window", async () => {
    const subject = newId();
    await hit(db, rule, subject, t0);
    await hit(db, rule, subject, t0 + 1_000);
    expect(await refusal(() => hit(db, rule, subject, t0 + 2_500))).toEqual({
      code: "RATE_LIMITED",
      message: "Too many attempts. Please try again in 48 seconds.",
      retryAfter: "48",
    });
  });

  it("starts counting again when the next window begins", async () => {
    const subject = newId();
    for (let i = 0; i < 3; i++) await withinLimit(db, rule, subject, t0);
    expect(await withinLimit(db, rule, subject, t0 + 49_999)).toBe(false);
    expect(await withinLimit(db, rule, subject, t0 + 50_000)).toBe(true);
    expect(await withinLimit(db, rule, subject, t0 + 50_001)).toBe(true);
    expect(await withinLimit(db, rule, subject, t0 + 50_002)).toBe(false);
  });

  it("counts each subject and each rule on its own", async () => {
    const [a, b] = [newId(), newId()];
    const other: RateLimitRule = { ...rule, name: "test-window-other" };
    await hit(db, rule, a, t0);
    await hit(db, rule, a, t0);
    await hit(db, rule, b, t0);
    await hit(db, other, a, t0);
    expect(await withinLimit(db, rule, b, t0)).toBe(true);
    expect(await withinLimit(db, other, a, t0)).toBe(true);
    expect(await withinLimit(db, rule, a, t0)).toBe(false);
  });

  it("counts nothing for a subject that is null (an SQL subject such as a missing session)", async () => {
    // As the routes use it: in a batch with the session lookup, read back from the batch.
    for (let i = 0; i < 3; i++) {
      const statement = hitStatement(db, rule, sql`null`, t0);
      const read = await batch(db, [statement]);
      expect(read(statement)).toBeUndefined();
    }
    const subject = newId();
    const counted = hitStatement(db, rule, sql`${subject}`, t0);
    expect((await batch(db, [counted]))(counted)).toEqual({ count: 1 });
  });

  it("says seconds under two minutes and whole minutes from there, never less than a second", () => {
    const long: RateLimitRule = { name: "test-long", limit: 1, windowMs: 10 * MINUTE };
    const start = t0 - 10_000 - ((t0 - 10_000) % long.windowMs);
    const over = { count: 2 };
    const refused = (now: number) => {
      try {
        assertUnderLimit(long, over, now);
      } catch (error) {
        const { message, headers } = error as AppError;
        return { message, retryAfter: headers?.["Retry-After"] };
      }
      return null;
    };
    expect(refused(start)).toEqual({ message: "Too many attempts. Please try again in 10 minutes.", retryAfter: "600" });
    expect(refused(start + 8 * MINUTE)).toEqual({
      message: "Too many attempts. Please try again in 2 minutes.",
      retryAfter: "120",
    });
    expect(refused(start + 8 * MINUTE + 1)).toEqual({
      message: "Too many attempts. Please try again in 2 minutes.",
      retryAfter: "120",
    });
    expect(refused(start + 8 * MINUTE + 1_000)).toEqual({
      message: "Too many attempts. Please try again in 119 seconds.",
      retryAfter: "119",
    });
    expect(refused(start + 10 * MINUTE - 1)).toEqual({
      message: "Too many attempts. Please try again in 1 seconds.",
      retryAfter: "1",
    });
    // At the limit, or with nothing counted, nothing is refused.
    expect(() => assertUnderLimit(long, { count: 1 }, start)).not.toThrow();
    expect(() => assertUnderLimit(long, undefined, start)).not.toThrow();
  });
});

describe(`back-off on consecutive failures on ${testEngine()}`, () => {
  const rule: BackoffRule = { name: "test-backoff", freeFailures: 2, baseMs: 1_000, maxMs: 4_000 };

  it("lets the free failures through, then doubles the wait after each further one up to the cap", async () => {
    const subject = newId();
    await claimAttempt(db, rule, subject, { now: t0 });
    await claimAttempt(db, rule, subject, { now: t0 });
    // Two failures: the next attempt waits a second after the last one.
    expect(await refusal(() => claimAttempt(db, rule, subject, { now: t0 + 999 }))).toEqual({
      code: "RATE_LIMITED",
      message: "Too many attempts. Please try again in 1 seconds.",
      retryAfter: "1",
    });
    await claimAttempt(db, rule, subject, { now: t0 + 1_000 });
    // Three: two seconds after it (the refused attempt counted nothing).
    expect((await refusal(() => claimAttempt(db, rule, subject, { now: t0 + 1_001 }))).retryAfter).toBe("2");
    await claimAttempt(db, rule, subject, { now: t0 + 3_000 });
    // Four: four seconds; five and more: still four (the cap).
    expect((await refusal(() => claimAttempt(db, rule, subject, { now: t0 + 3_000 }))).retryAfter).toBe("4");
    await claimAttempt(db, rule, subject, { now: t0 + 7_000 });
    expect((await refusal(() => claimAttempt(db, rule, subject, { now: t0 + 7_000 }))).retryAfter).toBe("4");
  });

  it("lets an exempt attempt skip the wait, and a success end the run of failures", async () => {
    const subject = newId();
    for (let i = 0; i < 2; i++) await claimAttempt(db, rule, subject, { now: t0 });
    await claimAttempt(db, rule, subject, { now: t0, exempt: true });
    // The exempt attempt counted: the wait is now two seconds.
    expect((await refusal(() => claimAttempt(db, rule, subject, { now: t0 + 1_500 }))).retryAfter).toBe("1");
    await clearFailures(db, rule, subject);
    await claimAttempt(db, rule, subject, { now: t0 + 1_500 });
    await claimAttempt(db, rule, subject, { now: t0 + 1_500 });
  });

  it("keeps one subject's failures from another's", async () => {
    const [a, b] = [newId(), newId()];
    for (let i = 0; i < 2; i++) await claimAttempt(db, rule, a, { now: t0 });
    await claimAttempt(db, rule, b, { now: t0 });
    await clearFailures(db, rule, b);
    expect((await refusal(() => claimAttempt(db, rule, a, { now: t0 }))).code).toBe("RATE_LIMITED");
  });
});

describe("the rules", () => {
  const rules: (RateLimitRule | BackoffRule)[] = [...Object.values(rateLimitRules), ...Object.values(backoffRules)];

  it("give every rule a name of its own: the name is its counters' key prefix in one shared table", () => {
    const names = rules.map((r) => r.name);
    for (const name of names) expect(name).toMatch(/^[a-z][a-z-]+[a-z]$/);
    expect(new Set(names).size).toBe(names.length);
  });

  it("count in windows of a second to a day, and back off from a second up to minutes", () => {
    for (const rule of Object.values(rateLimitRules)) {
      expect(rule.limit).toBeGreaterThan(0);
      expect(rule.windowMs).toBeGreaterThanOrEqual(1_000);
      expect(rule.windowMs).toBeLessThanOrEqual(24 * 60 * MINUTE);
      expect(rule.windowMs % 1_000).toBe(0);
    }
    for (const rule of Object.values(backoffRules)) {
      expect(rule.baseMs).toBeGreaterThanOrEqual(1_000);
      expect(rule.maxMs).toBeGreaterThan(rule.baseMs);
      expect(rule.maxMs).toBeLessThanOrEqual(60 * MINUTE);
    }
  });
});

describe("who a per-client limit counts", () => {
  const context = (ip?: string) =>
    ({ req: { header: (name: string) => (name === "cf-connecting-ip" ? ip : undefined) } }) as unknown as Context;

  it("is the client's address where Cloudflare gives one, else what the request is about", () => {
    expect(clientKey(context("203.0.113.7"), "ana@example.com")).toBe("ip:203.0.113.7");
    expect(clientKey(context(), "ana@example.com")).toBe("about:ana@example.com");
    expect(clientKey(context(""), "ana@example.com")).toBe("about:ana@example.com");
  });
});
