import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createUser } from "../../../tests/factories";
import { APPROVE, accessOf, bankAnswer, canRead, newCard, paidCommunity, payOk, provider } from "../../../tests/payments";
import type { AppEnv } from "../../env";
import { openD1TestDb } from "../../../tests/test-db-d1";
import { deliverNotificationMail } from "../notifications/mail-delivery";
import { GRACE_MS, runPaymentJobs } from "./renewals";

const DAY = 24 * 60 * 60 * 1000;
const run = (now = Date.now()) => runPaymentJobs(env as AppEnv, openD1TestDb(), now);

type Sub = {
  id: string;
  status: string;
  current_period_start: number;
  current_period_end: number;
  renewal_failures: number;
  retry_at: number | null;
};
const subOf = (userId: string) =>
  env.DB.prepare(
    "select id, status, current_period_start, current_period_end, renewal_failures, retry_at from user_subscriptions where user_id = ?",
  )
    .bind(userId)
    .first<Sub>();
const renewalOrders = async (subId: string) =>
  (
    await env.DB.prepare("select status from payment_orders where subscription_id = ? and kind = 'renewal'")
      .bind(subId)
      .all<{ status: string }>()
  ).results.map((r) => r.status);

/** A member paying monthly with a saved card, whose period has just ended. */
async function dueSubscriber() {
  const owner = await createUser();
  const payer = await createUser();
  const community = await paidCommunity(owner.user.id);
  await payOk(payer, { communityId: community.id, card: newCard(APPROVE), saveCard: true });
  const sub = (await subOf(payer.user.id))!;
  const ended = Date.now() - 1000;
  await env.DB.batch([
    env.DB.prepare("update user_subscriptions set current_period_end = ? where id = ?").bind(ended, sub.id),
    env.DB.prepare("update community_members set access_until = ? where subscription_id = ?").bind(ended, sub.id),
  ]);
  return { payer, community, sub, ended };
}

describe("renewals", () => {
  it("charge the saved card once per period and move the period and access on", async () => {
    const { payer, community, sub, ended } = await dueSubscriber();
    expect(await canRead(payer, community.id)).toBe(false);
    const [a, b] = await Promise.all([run(), run()]);
    expect(a.renewed + b.renewed).toBe(1);
    expect(await run()).toMatchObject({ renewed: 0, failed: 0 });
    const after = (await subOf(payer.user.id))!;
    expect(after).toMatchObject({ status: "active", current_period_start: ended, renewal_failures: 0, retry_at: null });
    expect(after.current_period_end).toBeGreaterThan(ended + 27 * DAY);
    expect(await renewalOrders(sub.id)).toEqual(["approved"]);
    expect((await accessOf(community.id, payer.user.id))!.access_until).toBe(after.current_period_end);
    expect(await canRead(payer, community.id)).toBe(true);
  });

  it("a deleted card fails the renewal: retries on schedule, notification and e-mail, access through the grace period, then the end", async () => {
    const { payer, community, sub, ended } = await dueSubscriber();
    await env.DB.prepare("update user_payment_methods set is_active = 0, rectoken = '' where user_id = ?")
      .bind(payer.user.id)
      .run();
    expect(await run()).toMatchObject({ renewed: 0, failed: 1 });
    const first = (await subOf(payer.user.id))!;
    expect(first).toMatchObject({ status: "active", renewal_failures: 1, retry_at: ended + DAY });
    expect((await accessOf(community.id, payer.user.id))!.access_until).toBe(ended + GRACE_MS);
    expect(await canRead(payer, community.id)).toBe(true);
    const notes = await env.DB.prepare("select data from notifications where recipient_id = ? and type = 'SYSTEM_ANNOUNCEMENT'")
      .bind(payer.user.id)
      .all<{ data: string }>();
    expect(notes.results.map((n) => JSON.parse(n.data))).toEqual([
      { kind: "payment", payment: "renewal_failed", retryAt: ended + DAY, accessUntil: ended + GRACE_MS },
    ]);
    // Not before the retry is due.
    expect(await run()).toMatchObject({ failed: 0 });
    // Each retry when due; the last one ends the subscription and the access.
    for (const at of [ended + DAY, ended + 3 * DAY, ended + 7 * DAY]) expect(await run(at + 1)).toMatchObject({ failed: 1 });
    const last = (await subOf(payer.user.id))!;
    expect(last).toMatchObject({ status: "expired", renewal_failures: 4 });
    // Access ends when the last try fails (the job's clock runs ahead of the feed's here).
    expect((await accessOf(community.id, payer.user.id))!.access_until).toBe(ended + 7 * DAY + 1);
    expect(await renewalOrders(sub.id)).toEqual(["declined", "declined", "declined", "declined"]);
    await run(ended + 30 * DAY);
    expect(await renewalOrders(sub.id)).toHaveLength(4);
  });

  it("a failed renewal is mailed once: the notification e-mail, with the next try, the end of access and the payment methods link", async () => {
    const { payer, community, ended } = await dueSubscriber();
    await env.DB.prepare("update user_payment_methods set is_active = 0, rectoken = '' where user_id = ?")
      .bind(payer.user.id)
      .run();
    expect(await run()).toMatchObject({ failed: 1 });
    await deliverNotificationMail(env as AppEnv, openD1TestDb(), Date.now());
    const mails = await env.DB.prepare(`select kind, subject, text from mail_outbox where "to" = ? and kind <> 'verify_email'`)
      .bind(payer.user.email)
      .all<{ kind: string; subject: string; text: string }>();
    expect(mails.results).toHaveLength(1);
    const [mail] = mails.results;
    expect(mail!.kind).toBe("notification");
    expect(mail!.subject).toContain(community.name);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    expect(mail!.text).toContain(day(ended + DAY));
    expect(mail!.text).toContain(day(ended + GRACE_MS));
    expect(mail!.text).toContain("/payment-methods");
  });

  it("a cancelled subscription is never charged and ends with its period", async () => {
    const { payer, community, sub } = await dueSubscriber();
    await env.DB.prepare("update user_subscriptions set status = 'cancelled', cancelled_at = ? where id = ?")
      .bind(Date.now(), sub.id)
      .run();
    expect(await run()).toMatchObject({ renewed: 0, failed: 0, expired: 1 });
    expect((await subOf(payer.user.id))!.status).toBe("expired");
    expect(await renewalOrders(sub.id)).toEqual([]);
    expect(await canRead(payer, community.id)).toBe(false);
  });

  it("an order left open is settled from the status API (a missed callback)", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const community = await paidCommunity(owner.user.id);
    const result = await payOk(payer, { communityId: community.id, card: newCard("4444555566661111") });
    // The bank confirms, but neither the payer's frame nor the callback reaches us.
    await provider().complete3ds(result.orderId, { md: result.threeDs!.md, pares: await bankAnswer(result.threeDs!.md) });
    expect(await accessOf(community.id, payer.user.id)).toBeNull();
    expect(await run(Date.now() + 11 * 60 * 1000)).toMatchObject({ reconciled: 1 });
    expect(await canRead(payer, community.id)).toBe(true);
  });
});

describe("renewals follow the membership lifecycle", () => {
  const cases: [string, (communityId: string, userId: string) => Promise<unknown>][] = [
    [
      "the community is suspended (billing paused)",
      (id) => env.DB.prepare("update communities set review_status = 'suspended' where id = ?").bind(id).run(),
    ],
    ["the community is archived", (id) => env.DB.prepare("update communities set archived = 1 where id = ?").bind(id).run()],
    ["the community became free", (id) => env.DB.prepare("update communities set is_paid = 0 where id = ?").bind(id).run()],
    [
      "the membership is gone (removed, banned, left)",
      (id, userId) =>
        env.DB.prepare("delete from community_members where community_id = ? and profile_id = ?").bind(id, userId).run(),
    ],
  ];
  for (const [when, change] of cases) {
    it(`charge nothing when ${when}`, async () => {
      const { payer, community, sub } = await dueSubscriber();
      await change(community.id, payer.user.id);
      expect(await run()).toMatchObject({ renewed: 0, failed: 0 });
      expect(await renewalOrders(sub.id)).toEqual([]);
    });
  }
});
