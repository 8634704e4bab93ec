import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { plans } from "../common/catalog";
import { newId } from "../common/ids";
import { call, createCommunity, createUser, type TestUser } from "./factories";
import type { AppEnv } from "../worker/env";
import app from "../worker/app";
import { paymentProvider } from "../worker/payments/config";
import { flittSignature } from "../worker/payments/signature";

/** Paid communities, card payments and the sandbox's bank, for the payment route tests. */

export const APPROVE = "4444555511116666";
export const DECLINE = "4444111155556666";
export const APPROVE_3DS = "4444555566661111";
export const DECLINE_3DS = "4444111166665555";

export const newCard = (number: string) => ({ number, expiry: "12/39", cvv: "123", holder: "Test Payer" });

export async function paidCommunity(
  ownerId: string,
  opts: { paymentType?: "subscription" | "single"; price?: number; maxMembers?: number | null } = {},
) {
  const community = await createCommunity(ownerId, { isPaid: true });
  await env.DB.prepare(
    "update communities set price = ?, payment_type = ?, subscription_interval = ?, plan_limits = ? where id = ?",
  )
    .bind(
      opts.price ?? 2500,
      opts.paymentType ?? "subscription",
      (opts.paymentType ?? "subscription") === "subscription" ? "monthly" : null,
      JSON.stringify({ maxMembers: opts.maxMembers === undefined ? 100 : opts.maxMembers }),
      community.id,
    )
    .run();
  return community;
}

export type Result = {
  orderId: string;
  status: string;
  message: string | null;
  threeDs: { acsUrl: string; pareq: string; md: string; termUrl: string } | null;
};

export function pay(u: Pick<TestUser, "cookie"> | undefined, body: object, key: string | null = newId()) {
  return call("/api/payments/join", { body, cookie: u?.cookie, headers: key ? { "idempotency-key": key } : {} });
}

export async function payOk(u: TestUser, body: object, key?: string): Promise<Result> {
  const res = await pay(u, body, key);
  expect(res.status).toBe(200);
  return (await res.json()) as Result;
}

/** What the test bank's page posts back to the TermUrl when the payer confirms (or fails) 3-D Secure. */
export async function bankAnswer(md: string, confirm = true): Promise<string> {
  const res = await call("/dev/flitt/acs", {
    method: "POST",
    rawBody: new URLSearchParams({ MD: md, PaReq: "x", TermUrl: "x" }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  const values = [...(await res.text()).matchAll(/name="PaRes" value="([^"]+)"/g)].map((m) => m[1]!);
  return confirm ? values[0]! : values[1]!;
}

/** The payer's frame returning from the bank to our TermUrl; answers the status the page shows. */
export async function returnFrom3ds(result: Result, confirm = true): Promise<string> {
  const pares = await bankAnswer(result.threeDs!.md, confirm);
  const res = await call(new URL(result.threeDs!.termUrl).pathname, {
    method: "POST",
    rawBody: new URLSearchParams({ MD: result.threeDs!.md, PaRes: pares }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://acs.bank.example" },
  });
  expect(res.status).toBe(200);
  return (await res.text()).match(/data-payment-status="(\w+)"/)![1]!;
}

export const provider = () => paymentProvider(env as AppEnv, "http://app.test");

/** A callback as Flitt would sign it (or with the fields changed after signing, when `tamper` is given). */
export async function signedCallback(fields: Record<string, unknown>, tamper: Record<string, unknown> = {}) {
  const body = { merchant_id: 1549901, ...fields };
  return { ...body, signature: await flittSignature("test", body), ...tamper };
}

export const postCallback = (body: unknown) => call("/payments/flitt/callback", { body, headers: { origin: "" } });

/** The last callback the sandbox sent for an order. */
export async function sandboxCallback(orderId: string): Promise<Record<string, unknown>> {
  const res = await call(`/dev/flitt/callbacks?order_id=${orderId}`);
  const { callbacks } = (await res.json()) as { callbacks: { body: Record<string, unknown> }[] };
  return callbacks.at(-1)!.body;
}

export async function accessOf(communityId: string, userId: string) {
  return env.DB.prepare(
    "select role, access_until, subscription_id from community_members where community_id = ? and profile_id = ?",
  )
    .bind(communityId, userId)
    .first<{ role: string; access_until: number | null; subscription_id: string | null }>();
}

export async function counts(userId: string, communityId?: string) {
  const one = async (q: string, ...p: unknown[]) =>
    (await env.DB.prepare(q)
      .bind(...p)
      .first<{ n: number }>())!.n;
  return {
    orders: await one(
      "select count(*) as n from payment_orders where user_id = ? and coalesce(?, community_id) = community_id",
      userId,
      communityId ?? null,
    ),
    approved: await one(
      "select count(*) as n from payment_orders where user_id = ? and status = 'approved' and coalesce(?, community_id) = community_id",
      userId,
      communityId ?? null,
    ),
    subscriptions: await one(
      "select count(*) as n from user_subscriptions where user_id = ? and coalesce(?, community_id) = community_id",
      userId,
      communityId ?? null,
    ),
    cards: await one("select count(*) as n from user_payment_methods where user_id = ? and is_active = 1", userId),
  };
}

/** True when the user can read the community's feed right now. */
export async function canRead(u: TestUser, communityId: string) {
  const res = await call(`/api/communities/${communityId}/posts`, { cookie: u.cookie });
  await res.body?.cancel();
  return res.status === 200;
}

/** Rows of the payment tables written straight, for callers who own a card, subscription or order. */
export async function insertSavedCard(userId: string): Promise<string> {
  const id = newId();
  await env.DB.prepare(
    `insert into user_payment_methods (id, user_id, rectoken, masked_card, last_four, is_default, created_at, updated_at)
     values (?, ?, '', '444455XXXXXX6666', '6666', 0, ?, ?)`,
  )
    .bind(id, userId, Date.now(), Date.now())
    .run();
  return id;
}

export async function insertSubscription(userId: string, communityId: string, status: "active" | "cancelled"): Promise<string> {
  const id = newId();
  const now = Date.now();
  await env.DB.prepare(
    `insert into user_subscriptions (id, user_id, community_id, status, amount, current_period_start, current_period_end,
       cancelled_at, created_at, updated_at)
     values (?, ?, ?, ?, 1000, ?, ?, ?, ?, ?)`,
  )
    .bind(id, userId, communityId, status, now, now + 86_400_000, status === "cancelled" ? now : null, now, now)
    .run();
  return id;
}

export async function insertOrder(userId: string, communityId: string): Promise<string> {
  const id = newId();
  await env.DB.prepare(
    `insert into payment_orders (id, user_id, community_id, kind, amount, status, created_at, updated_at)
     values (?, ?, ?, 'join_community', 1000, 'declined', ?, ?)`,
  )
    .bind(id, userId, communityId, Date.now(), Date.now())
    .run();
  return id;
}

/** Makes a community paid (one-time, 10 ₾), on Starter's features so it sells memberships (its member limit stays). */
export async function makePaid(communityId: string) {
  await env.DB.prepare(
    "update communities set is_paid = 1, price = 1000, payment_type = 'single', subscription_plan = 'starter', plan_features = ? where id = ?",
  )
    .bind(JSON.stringify(plans.starter.features), communityId)
    .run();
}

/**
 * How many of the user's orders the provider holds as paid and not given back: the money actually
 * taken, as the bank sees it (orders that never reached the provider count nothing).
 */
export async function chargesOf(userId: string): Promise<number> {
  const rows = await env.DB.prepare("select id from payment_orders where user_id = ?").bind(userId).all<{ id: string }>();
  let paid = 0;
  for (const { id } of rows.results) {
    const truth = await provider()
      .status(id)
      .catch(() => null);
    if (truth?.status === "approved" && truth.reversalAmount < truth.amount) paid += 1;
  }
  return paid;
}

/** The user cannot read the community, holds no live membership of it, and has paid `charged` orders in all. */
export async function expectNothingGranted(u: TestUser, communityId: string, charged = 0) {
  expect(await canRead(u, communityId)).toBe(false);
  const access = await accessOf(communityId, u.user.id);
  expect(access === null || (access.access_until !== null && access.access_until <= Date.now())).toBe(true);
  expect(await chargesOf(u.user.id)).toBe(charged);
}

/** The sandbox's bank refuses the next `reversals` refunds of this payer's orders. */
export async function failReversals(email: string, reversals: number) {
  const res = await call("/dev/flitt/faults", { body: { email, reversals } });
  expect(res.status).toBe(200);
}

/** The worker configured for Flitt's hosted checkout (FLITT_MODE=hosted), called like `call`. */
export function callHosted(path: string, opts: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { origin: "http://app.test", ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const ctx = { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} } as unknown as ExecutionContext;
  return app.request(
    `http://app.test${path}`,
    {
      method: opts.body === undefined ? "GET" : "POST",
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    },
    { ...(env as AppEnv), FLITT_MODE: "hosted" },
    ctx,
  );
}

/** A refund of (part of) a member's payment, as the community's owner asks for it. */
export function refund(u: Pick<TestUser, "cookie"> | undefined, orderId: string, amount: number, key: string = newId()) {
  return call(`/api/payments/orders/${orderId}/refund`, { body: { amount, key }, cookie: u?.cookie });
}

/** The receipts written for an order, oldest first, straight from the table. */
export async function receiptsFor(orderId: string) {
  const rows = await env.DB.prepare("select kind, amount, refund_key from receipts where order_id = ? order by number")
    .bind(orderId)
    .all<{ kind: string; amount: number; refund_key: string | null }>();
  return rows.results;
}

/** A receipt of the user's, written straight (a charge of 10 ₾ for a membership). */
export async function insertReceipt(userId: string, communityId: string | null = null): Promise<string> {
  const id = newId();
  await env.DB.prepare(
    `insert into receipts (id, number, order_id, user_id, community_id, kind, item, amount, created_at)
     values (?, (select coalesce(max(number), 0) + 1 from receipts), ?, ?, ?, 'charge', 'join_community', 1000, ?)`,
  )
    .bind(id, newId(), userId, communityId, Date.now())
    .run();
  return id;
}

/** A member's approved payment for a paid community: a new account pays for it with the test bank's card. */
export async function paidOrder(communityId: string): Promise<string> {
  const payer = await createUser();
  const result = await payOk(payer, { communityId, card: newCard(APPROVE), saveCard: false });
  expect(result.status).toBe("approved");
  return result.orderId;
}
