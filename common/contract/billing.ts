import { z } from "zod";
import { planIds } from "../catalog";
import { endpoint, idParam } from "./http";

/** Receipts, billing history and a community's payments with refunds. Money is tetri. */

export const receiptKinds = ["charge", "refund"] as const;
export const receiptItems = ["join_community", "save_card", "renewal", "creator_plan"] as const;

export { receiptAmount, receiptNumber } from "./billing-format";

export const receipt = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(receiptKinds),
  item: z.enum(receiptItems),
  plan: z.enum(planIds).nullable(),
  periodStart: z.number().nullable(),
  periodEnd: z.number().nullable(),
  amount: z.number(),
  currency: z.string(),
  cardType: z.string().nullable(),
  lastFour: z.string().nullable(),
  community: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  createdAt: z.number(),
});
export type Receipt = z.output<typeof receipt>;

export const orderStatuses = ["created", "processing", "declined", "approved", "expired", "reversed"] as const;

/** One payment a member made to a community, as its owner sees it. */
export const communityPayment = z.object({
  orderId: z.string(),
  kind: z.enum(["join_community", "renewal"]),
  status: z.enum(orderStatuses),
  amount: z.number(),
  /** What has gone back so far; what is left can still be refunded while the order is approved. */
  refunded: z.number(),
  currency: z.string(),
  createdAt: z.number(),
  payer: z.object({ id: z.string(), fullName: z.string(), avatarUrl: z.string().nullable() }).nullable(),
});
export type CommunityPayment = z.output<typeof communityPayment>;

export const upcomingRenewal = z.object({
  subscriptionId: z.string(),
  amount: z.number(),
  currency: z.string(),
  currentPeriodEnd: z.number(),
  renewalFailures: z.number(),
  payer: z.object({ id: z.string(), fullName: z.string(), avatarUrl: z.string().nullable() }).nullable(),
});
export type UpcomingRenewal = z.output<typeof upcomingRenewal>;

export const communityPayments = z.object({
  items: z.array(communityPayment),
  upcoming: z.array(upcomingRenewal),
  /** Refunds are the owner's (and staff's); admins see the page only. */
  canRefund: z.boolean(),
});

export const refundBody = z.object({
  amount: z
    .number({ error: "Enter the amount to refund" })
    .int("Enter the amount in tetri")
    .positive("The amount to refund must be more than zero"),
  /**
   * The client's own id for this refund, sent again unchanged by a retry: the refund happens once. At
   * most 50 characters, as the provider's own refund key.
   */
  key: z.string({ error: "A refund needs a key" }).regex(/^[A-Za-z0-9_-]{1,50}$/, "Invalid refund key"),
});
export type RefundBody = z.input<typeof refundBody>;

const idParams = z.object({ id: idParam });

export const billing = {
  receipts: endpoint("GET", "/api/payments/receipts", { response: z.object({ items: z.array(receipt) }) }),
  receipt: endpoint("GET", "/api/payments/receipts/:id", { params: idParams, response: receipt }),
  communityPayments: endpoint("GET", "/api/payments/communities/:id", { params: idParams, response: communityPayments }),
  refund: endpoint("POST", "/api/payments/orders/:id/refund", {
    params: idParams,
    body: refundBody,
    response: communityPayment,
  }),
};
