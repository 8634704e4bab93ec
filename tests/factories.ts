import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { plans, type PlanId } from "../common/catalog";
import { newId } from "../common/ids";
import { authSecret } from "../worker/lib/auth-config";
import { pngFile } from "./images";

/** Test helpers that go through the real worker (auth) or write real rows (fixtures) in D1. */

export const ORIGIN = "http://app.test";
let ipCounter = 0;

/** A fresh client address per call, so rate limits of one test never leak into another. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export type RequestOptions = {
  method?: string;
  body?: unknown;
  rawBody?: string | Uint8Array;
  cookie?: string;
  /** The client address (cf-connecting-ip); a fresh one when left out, none at all with null. */
  ip?: string | null;
  headers?: Record<string, string>;
};

/** Calls the worker like the browser does (same origin, JSON, cookie). */
export function call(path: string, opts: RequestOptions = {}): Promise<Response> {
  const ip = opts.ip === undefined ? freshIp() : opts.ip;
  const headers: Record<string, string> = { origin: ORIGIN, ...(ip === null ? {} : { "cf-connecting-ip": ip }), ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  let body: string | Uint8Array | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined && !headers["content-type"]) headers["content-type"] = "application/json";
  return exports.default.fetch(`${ORIGIN}${path}`, {
    method: opts.method ?? (body !== undefined ? "POST" : "GET"),
    headers,
    body,
    redirect: "manual",
  });
}

/** The cookie header a browser would send back after this response. */
export function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

/**
 * The cookie better-auth sets for a session token (`token.base64(hmac)`): a session written straight
 * into the sessions table signs in without a sign-up, for tests that need many users fast.
 */
export async function sessionCookie(token: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(authSecret(env)),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(token)));
  return `agora.session_token=${encodeURIComponent(`${token}.${btoa(String.fromCharCode(...signature))}`)}`;
}

export type TestUser = { user: { id: string; email: string; fullName: string }; cookie: string; password: string };

export const TEST_PASSWORD = "correct-horse-42";

/** Signs up through the API, marks the e-mail verified and signs in: a real session cookie. */
export async function createUser(opts: { email?: string; name?: string; staff?: boolean } = {}): Promise<TestUser> {
  const email = opts.email ?? `user-${newId()}@example.com`;
  const name = opts.name ?? "Test User";
  const signUp = await call("/api/auth/sign-up/email", { body: { name, email, password: TEST_PASSWORD } });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  await env.DB.prepare("update users set email_verified = 1, platform_role = ? where email = ?")
    .bind(opts.staff ? "staff" : null, email)
    .run();
  const signIn = await call("/api/auth/sign-in/email", { body: { email, password: TEST_PASSWORD } });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const { user } = (await signIn.json()) as { user: { id: string; email: string; name: string } };
  return { user: { id: user.id, email: user.email, fullName: user.name }, cookie: cookieFrom(signIn), password: TEST_PASSWORD };
}

export type CommunityOverrides = Partial<{
  name: string;
  reviewStatus: "under_review" | "approved" | "rejected" | "suspended";
  archived: boolean;
  isPaid: boolean;
  categoryKey: string;
  /** Its plan, with the plan's features and member limit: Starter for a paid one (it sells memberships), else Free. */
  plan: PlanId;
}>;

/** An approved community owned by `ownerId`, with the owner's admin membership. */
export async function createCommunity(
  ownerId: string,
  overrides: CommunityOverrides = {},
): Promise<{ id: string; name: string }> {
  const id = newId();
  const name = overrides.name ?? `Community ${id.slice(-6)}`;
  const now = Date.now();
  const plan = plans[overrides.plan ?? (overrides.isPaid ? "starter" : "free")];
  await env.DB.batch([
    env.DB.prepare(
      `insert into communities (id, name, description, category_key, creator_id, review_status, archived, is_paid,
         subscription_plan, plan_features, plan_limits, members_count, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
    ).bind(
      id,
      name,
      "A community for tests",
      overrides.categoryKey ?? "technology",
      ownerId,
      overrides.reviewStatus ?? "approved",
      overrides.archived ? 1 : 0,
      overrides.isPaid ? 1 : 0,
      plan.id,
      JSON.stringify(plan.features),
      JSON.stringify({ maxMembers: plan.maxMembers }),
      now,
      now,
    ),
    env.DB.prepare("insert into community_members (community_id, profile_id, role, joined_at) values (?, ?, 'admin', ?)").bind(
      id,
      ownerId,
      now,
    ),
  ]);
  return { id, name };
}

export async function addMember(communityId: string, userId: string, role: "admin" | "moderator" | "member" = "member") {
  await env.DB.batch([
    env.DB.prepare("insert into community_members (community_id, profile_id, role, joined_at) values (?, ?, ?, ?)").bind(
      communityId,
      userId,
      role,
      Date.now(),
    ),
    env.DB.prepare("update communities set members_count = members_count + 1 where id = ?").bind(communityId),
  ]);
}

/** A conversation with its participants (direct: exactly two users). */
export async function createConversation(
  type: "direct" | "group",
  userIds: string[],
  opts: { communityId?: string; name?: string } = {},
) {
  const id = newId();
  const now = Date.now();
  const directKey = type === "direct" ? [...userIds].sort().join(":") : null;
  await env.DB.batch([
    env.DB.prepare(
      "insert into conversations (id, type, name, community_id, direct_key, member_count, created_by, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ).bind(id, type, opts.name ?? null, opts.communityId ?? null, directKey, userIds.length, userIds[0] ?? null, now, now),
    ...userIds.map((userId) =>
      env.DB.prepare(
        "insert into conversation_participants (conversation_id, user_id, role, joined_at) values (?, ?, 'member', ?)",
      ).bind(id, userId, now),
    ),
  ]);
  return { id };
}

/** The newest message the app "sent" to `to`, and the first link in it. */
export async function lastMailTo(to: string): Promise<{ subject: string; text: string; link: string | null } | null> {
  const row = await env.DB.prepare(
    'select subject, text from mail_outbox where "to" = ? order by created_at desc, id desc limit 1',
  )
    .bind(to)
    .first<{ subject: string; text: string }>();
  if (!row) return null;
  return { ...row, link: row.text.match(/https?:\/\/\S+/)?.[0] ?? null };
}

/** How many messages (of one kind, or all) the app "sent" to `to`. */
export async function mailCountTo(to: string, kind?: string): Promise<number> {
  const row = await env.DB.prepare('select count(*) as n from mail_outbox where "to" = ? and coalesce(?, kind) = kind')
    .bind(to, kind ?? null)
    .first<{ n: number }>();
  return row!.n;
}

export type ErrorJson = {
  error: { code: string; message: string; requestId: string; issues?: { path: string; message: string }[] };
};

/** The answer is the one error envelope with this status (and code), and shows no stack trace. */
export async function expectError(res: Response, status: number, code?: string): Promise<ErrorJson> {
  expect(res.status).toBe(status);
  const body = (await res.json()) as ErrorJson;
  expect(body.error.message).toBeTruthy();
  expect(body.error.requestId).toBeTruthy();
  if (code) expect(body.error.code).toBe(code);
  expect(JSON.stringify(body)).not.toMatch(/at \w+ \(|stack/i);
  return body;
}

/** Uploads a small PNG through the API and answers its URL. */
export async function uploadImage(cookie: string, purpose = "community_image"): Promise<string> {
  const res = await call(`/api/uploads?purpose=${purpose}`, {
    method: "POST",
    rawBody: pngFile(640, 480),
    cookie,
    headers: { "content-type": "image/png" },
  });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { url: string }).url;
}
