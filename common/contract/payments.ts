import { z } from "zod";
import { cardNumberValid, cvvValid, parseExpiry } from "../card";
import { planIds, subscriptionIntervals } from "../catalog";
import { billing } from "./billing";
import { endpoint, idParam, ok } from "./http";
import { EMAIL_MAX, USER_NAME_MAX } from "./limits";

/** Card payments, saved cards and subscriptions (spec 002 sections 2, 4, 5 and 7). Money is tetri. */

/** The join form's messages, or the add-card screen's 'Please enter a valid ...' (spec 002 section 5). */
function cardSchema(style: "pay" | "save") {
  const msg = (what: "card number" | "expiry date" | "CVV") =>
    style === "pay" ? `Invalid ${what}` : `Please enter a valid ${what}`;
  return z.object({
    number: z
      .string({ error: msg("card number") })
      .refine((v) => cardNumberValid(v, { luhn: style === "pay" }), msg("card number"))
      .transform((v) => v.replace(/\s+/g, "")),
    expiry: z
      .string({ error: msg("expiry date") })
      .max(10, msg("expiry date"))
      .refine((v) => parseExpiry(v) !== null, msg("expiry date"))
      .transform((v) => parseExpiry(v)!),
    cvv: z.string({ error: msg("CVV") }).refine(cvvValid, msg("CVV")),
    holder: z
      .string({ error: "Cardholder name is required" })
      .trim()
      .min(1, "Cardholder name is required")
      .max(USER_NAME_MAX, "Cardholder name is required"),
  });
}

export const payCard = cardSchema("pay");
export const saveCard = cardSchema("save");

const email = z.email({ error: "Invalid email address" }).max(EMAIL_MAX, "Invalid email address");

/** How an order is paid: a saved card (paymentMethodId), a new one (card), or Flitt's page (hosted mode). */
const payWith = {
  paymentMethodId: idParam.optional(),
  card: payCard.optional(),
  hosted: z.literal(true).optional(),
  email: email.optional(),
  saveCard: z.boolean().default(true),
  /**
   * The payer's own unfinished order for the same thing that they walked away from (its 3-D Secure
   * dialog closed or timed out): it is given up rather than holding this one back (see open-orders.ts).
   */
  abandonedOrderId: idParam.optional(),
};

/** Exactly one way to pay. */
function oneWayToPay(v: { paymentMethodId?: string; card?: unknown; hosted?: true }, ctx: z.RefinementCtx) {
  const ways = [v.paymentMethodId, v.card, v.hosted].filter(Boolean).length;
  if (ways === 0) ctx.addIssue({ code: "custom", path: ["paymentMethodId"], message: "Please select a payment method" });
  if (ways > 1) ctx.addIssue({ code: "custom", path: ["card"], message: "Pay with a saved card or a new card, not both" });
}

/** A membership of a paid community. */
export const joinPaymentBody = z.object({ communityId: idParam, ...payWith }).superRefine(oneWayToPay);
export type JoinPaymentBody = z.input<typeof joinPaymentBody>;

/** A creator plan for the caller's community, paid like a join. */
export const planPaymentBody = z
  .object({ communityId: idParam, plan: z.enum(["starter", "premium", "business"], { error: "Invalid plan" }), ...payWith })
  .superRefine(oneWayToPay);
export type PlanPaymentBody = z.input<typeof planPaymentBody>;

/** A card to check and save: typed here (direct mode), or entered on Flitt's page (hosted mode). */
export const addCardBody = z
  .object({ card: saveCard.optional(), hosted: z.literal(true).optional(), email: email.optional() })
  .superRefine((v, ctx) => {
    if (!v.card && !v.hosted)
      ctx.addIssue({ code: "custom", path: ["card", "number"], message: "Please enter a valid card number" });
    if (v.card && v.hosted)
      ctx.addIssue({ code: "custom", path: ["card"], message: "Save a card here or on Flitt's page, not both" });
  });

export const orderParams = z.object({ id: idParam });

export const paymentStatuses = ["approved", "declined", "pending", "requires_3ds", "redirect", "reversed"] as const;

/** Where a payment stands after a request; `pending` means ask again (GET the order). */
export const paymentResult = z.object({
  orderId: z.string(),
  status: z.enum(paymentStatuses),
  kind: z.enum(["join_community", "save_card", "renewal", "creator_plan"]),
  communityId: z.string().nullable(),
  communityName: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  /** For requires_3ds: the hidden form the 3-D Secure dialog posts to the card's bank. */
  threeDs: z.object({ acsUrl: z.string(), pareq: z.string(), md: z.string(), termUrl: z.string() }).nullable(),
  /** For redirect (hosted mode): the provider's checkout page. */
  checkoutUrl: z.string().nullable(),
  /** The provider's reason, for declined. */
  message: z.string().nullable(),
  /** For declined: the card's bank refused the 3-D Secure authentication, or declined the payment. */
  failure: z.enum(["authentication", "declined"]).nullable(),
});
export type PaymentResult = z.output<typeof paymentResult>;

export const paymentMethod = z.object({
  id: z.string(),
  cardType: z.string().nullable(),
  maskedCard: z.string(),
  lastFour: z.string(),
  expiryMonth: z.number().nullable(),
  expiryYear: z.number().nullable(),
  isDefault: z.boolean(),
  createdAt: z.number(),
});
export type PaymentMethod = z.output<typeof paymentMethod>;

export const subscriptionStatuses = ["active", "cancelled", "expired"] as const;
export const subscription = z.object({
  id: z.string(),
  type: z.enum(["community", "creator_plan"]),
  status: z.enum(subscriptionStatuses),
  amount: z.number(),
  currency: z.string(),
  interval: z.enum(subscriptionIntervals),
  plan: z.enum(planIds).nullable(),
  currentPeriodStart: z.number(),
  currentPeriodEnd: z.number(),
  cancelledAt: z.number().nullable(),
  createdAt: z.number(),
  /** True while a cancelled subscription can be taken up again (before its period ends). */
  canResubscribe: z.boolean(),
  community: z.object({ id: z.string(), name: z.string(), imageUrl: z.string().nullable() }),
});
export type Subscription = z.output<typeof subscription>;

export const payments = {
  joinCommunity: endpoint("POST", "/api/payments/join", {
    body: joinPaymentBody,
    response: paymentResult,
    idempotent: true,
  }),
  payPlan: endpoint("POST", "/api/payments/plan", { body: planPaymentBody, response: paymentResult, idempotent: true }),
  order: endpoint("GET", "/api/payments/orders/:id", { params: orderParams, response: paymentResult }),
  /** With the card-entry mode: `hosted` means new cards are entered on Flitt's page, not ours. */
  methods: endpoint("GET", "/api/payments/methods", {
    response: z.object({ items: z.array(paymentMethod), mode: z.enum(["direct", "hosted"]) }),
  }),
  addMethod: endpoint("POST", "/api/payments/methods", { body: addCardBody, response: paymentResult, idempotent: true }),
  setDefaultMethod: endpoint("POST", "/api/payments/methods/:id/default", {
    params: orderParams,
    response: z.object({ items: z.array(paymentMethod) }),
  }),
  deleteMethod: endpoint("DELETE", "/api/payments/methods/:id", { params: orderParams, response: ok }),
  subscriptions: endpoint("GET", "/api/payments/subscriptions", { response: z.object({ items: z.array(subscription) }) }),
  cancelSubscription: endpoint("POST", "/api/payments/subscriptions/:id/cancel", { params: orderParams, response: subscription }),
  resubscribe: endpoint("POST", "/api/payments/subscriptions/:id/resubscribe", { params: orderParams, response: subscription }),
  ...billing,
};
