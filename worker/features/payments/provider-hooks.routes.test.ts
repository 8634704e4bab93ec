import { describe, expect, it } from "vitest";
import { createUser, expectError } from "../../../tests/factories";
import {
  APPROVE,
  canRead,
  counts,
  newCard,
  paidCommunity,
  payOk,
  postCallback,
  sandboxCallback,
  signedCallback,
} from "../../../tests/payments";

describe("POST /payments/flitt/callback", () => {
  it("refuses a signed callback with a status it does not know (400, saying so) and changes nothing", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const community = await paidCommunity(owner.user.id);
    const result = await payOk(payer, { communityId: community.id, card: newCard(APPROVE) });
    const { signature: _drop, ...fields } = await sandboxCallback(result.orderId);
    void _drop;
    const unknown = await expectError(await postCallback(await signedCallback({ ...fields, order_status: "paid" })), 400);
    expect(unknown.error).toMatchObject({
      code: "BAD_REQUEST",
      message: "Unknown order status.",
      issues: [{ path: "order_status", message: "Unknown order status" }],
    });
    const forged = await expectError(await postCallback({ ...fields, order_status: "paid", signature: "0".repeat(40) }), 400);
    expect(forged.error.message).toBe("Callback signature does not hold.");
    expect(await canRead(payer, community.id)).toBe(true);
    expect(await counts(payer.user.id, community.id)).toMatchObject({ approved: 1, subscriptions: 1 });
  });

  it("takes the sandbox's own callback, response_status and all", async () => {
    const owner = await createUser();
    const payer = await createUser();
    const community = await paidCommunity(owner.user.id);
    const result = await payOk(payer, { communityId: community.id, card: newCard(APPROVE) });
    const callback = await sandboxCallback(result.orderId);
    expect(callback.response_status).toBe("success");
    expect((await postCallback(callback)).status).toBe(200);
  });
});
