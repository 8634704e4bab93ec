import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createCommunity, createUser, TEST_PASSWORD } from "../../../tests/factories";
import { insertSubscription } from "../../../tests/payments";

const statusOf = (id: string) =>
  env.DB.prepare("select status from user_subscriptions where id = ?")
    .bind(id)
    .first<{ status: string }>()
    .then((r) => r!.status);

describe("cancelling an account deletion", () => {
  it("restores the subscriptions the request cancelled whose period runs on, and tells the person what came back", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const [a, b, c] = await Promise.all([
      createCommunity(owner.user.id),
      createCommunity(owner.user.id),
      createCommunity(owner.user.id),
    ]);
    const running = await insertSubscription(payer.user.id, a.id, "active");
    const endsMeanwhile = await insertSubscription(payer.user.id, b.id, "active");
    // Cancelled by the person before the request: not the request's to give back.
    const theirOwn = await insertSubscription(payer.user.id, c.id, "cancelled");

    const request = await call("/api/account/deletion", { body: { password: TEST_PASSWORD }, cookie: payer.cookie });
    expect(request.status).toBe(200);
    expect([await statusOf(running), await statusOf(endsMeanwhile)]).toEqual(["cancelled", "cancelled"]);
    await env.DB.prepare("update user_subscriptions set current_period_end = ? where id = ?")
      .bind(Date.now() - 1000, endsMeanwhile)
      .run();

    const cancel = await call("/api/account/deletion", { method: "DELETE", cookie: payer.cookie });
    expect(cancel.status).toBe(200);
    expect([await statusOf(running), await statusOf(endsMeanwhile), await statusOf(theirOwn)]).toEqual([
      "active",
      "cancelled",
      "cancelled",
    ]);
    const told = await env.DB.prepare(
      "select data from notifications where recipient_id = ? and json_extract(data, '$.account') = 'deletion_cancelled'",
    )
      .bind(payer.user.id)
      .all<{ data: string }>();
    expect(told.results.map((r) => JSON.parse(r.data))).toEqual([
      { kind: "account", account: "deletion_cancelled", restored: 1, notRestored: 1 },
    ]);

    // Cancelling again (nothing pending) restores nothing more and tells nobody.
    expect((await call("/api/account/deletion", { method: "DELETE", cookie: payer.cookie })).status).toBe(200);
    expect(
      (await env.DB.prepare(
        "select count(*) as n from notifications where recipient_id = ? and json_extract(data, '$.account') = 'deletion_cancelled'",
      )
        .bind(payer.user.id)
        .first<{ n: number }>())!.n,
    ).toBe(1);
  });
});
