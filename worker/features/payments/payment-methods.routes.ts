import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { CARD_VERIFICATION_AMOUNT } from "../../../common/card";
import { addCardBody, orderParams, payments, type PaymentMethod } from "../../../common/contract/payments";
import { newId } from "../../../common/ids";
import type { HonoEnv } from "../../env";
import { batch, type Db } from "../../lib/db";
import { AppError, notFound } from "../../lib/errors";
import { idempotency, idempotencyKey } from "../../lib/idempotency";
import { assertUnderLimit, hitStatement, rateLimitRules } from "../../lib/rate-limit";
import { respond } from "../../lib/respond";
import { requireUser } from "../../lib/session";
import { validate } from "../../lib/validation";
import { flittSettings } from "../../payments/config";
import { chargeOrder, payWithOf } from "./charge";
import { orderStatement, resultOf } from "./orders";
import { paymentDeps } from "./payment-context";

type CardRow = {
  id: string;
  card_type: string | null;
  masked_card: string;
  last_four: string;
  expiry_month: number | null;
  expiry_year: number | null;
  is_default: number;
  created_at: number;
};

/** The caller's active cards, default first, then newest (spec 002 section 7). */
const cardsOf = (db: Db, userId: string) =>
  db.all<CardRow>(
    sql`select id, card_type, masked_card, last_four, expiry_month, expiry_year, is_default, created_at
        from user_payment_methods where user_id = ${userId} and is_active = 1
        order by is_default desc, created_at desc`,
  );

const toMethod = (r: CardRow): PaymentMethod => ({
  id: r.id,
  cardType: r.card_type,
  maskedCard: r.masked_card,
  lastFour: r.last_four,
  expiryMonth: r.expiry_month,
  expiryYear: r.expiry_year,
  isDefault: r.is_default === 1,
  createdAt: r.created_at,
});

const ownCard = (db: Db, userId: string, id: string) =>
  db.get<{ id: string; is_default: number } | undefined>(
    sql`select id, is_default from user_payment_methods where id = ${id} and user_id = ${userId} and is_active = 1`,
  );

export const paymentMethodsRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => {
    const user = await requireUser(c);
    const items = (await cardsOf(c.var.db, user.id)).map(toMethod);
    return respond(c, payments.methods, { items, mode: flittSettings(c.env).mode });
  })
  // A new card is checked with a small charge that is reversed at once; approval saves it. The card is
  // typed on our form (direct mode) or on Flitt's page (hosted mode), whichever the configuration chose.
  .post("/", idempotencyKey(), validate("json", addCardBody), async (c) => {
    const user = await requireUser(c);
    const body = c.req.valid("json");
    const db = c.var.db;
    const key = c.req.valid("header")["idempotency-key"];
    if (!key)
      throw new AppError("VALIDATION_FAILED", "Saving a card needs an Idempotency-Key, so a retry cannot charge twice.", {
        issues: [{ path: "idempotency-key", message: "Required" }],
      });
    const once = await idempotency(db, { key, scope: payments.addMethod.route, request: { hosted: body.hosted ?? false }, owner: user.id });
    const limit = hitStatement(db, rateLimitRules.paymentOrders, once.ifNew(sql`${user.id}`));
    const checks = await batch(db, [...once.lookup, limit]);
    const earlier = once.earlier(checks);
    const earlierOrder = earlier ? await orderStatement(db, earlier) : null;
    if (earlierOrder) return respond(c, payments.addMethod, resultOf(earlierOrder));
    assertUnderLimit(rateLimitRules.paymentOrders, checks(limit));
    const deps = paymentDeps(c);
    const payWith = payWithOf(body, deps.provider.mode);
    const orderId = newId();
    const now = Date.now();
    const created = orderStatement(db, orderId);
    const written = await once.write(user.id, orderId, [
      db.run(
        sql`insert into payment_orders (id, user_id, kind, amount, currency, status, status_history, save_card, created_at, updated_at)
            values (${orderId}, ${user.id}, 'save_card', ${CARD_VERIFICATION_AMOUNT}, 'GEL', 'created',
              ${JSON.stringify([{ status: "created", at: now }])}, 1, ${now}, ${now})`,
      ),
      created,
    ]);
    if ("earlier" in written) {
      const order = await orderStatement(db, written.earlier);
      if (!order) throw notFound("Order not found.");
      return respond(c, payments.addMethod, resultOf(order));
    }
    const result = await chargeOrder(
      deps,
      {
        orderId,
        amount: CARD_VERIFICATION_AMOUNT,
        currency: "GEL",
        description: "Card verification (refunded)",
        email: body.email ?? user.email,
        saveCard: true,
        callbackUrl: "",
      },
      payWith,
    );
    return respond(c, payments.addMethod, result.status === "declined" ? { ...result, message: "Failed to save payment method" } : result);
  })
  .post("/:id/default", validate("param", orderParams), async (c) => {
    const user = await requireUser(c);
    const db = c.var.db;
    const { id } = c.req.valid("param");
    if (!(await ownCard(db, user.id, id))) throw notFound("Payment method not found.");
    const now = Date.now();
    // One default per user (a unique index): clear the old one before setting the new, in one batch.
    const list = cardsOf(db, user.id);
    const read = await batch(db, [
      db.run(sql`update user_payment_methods set is_default = 0, updated_at = ${now} where user_id = ${user.id} and is_default = 1`),
      db.run(sql`update user_payment_methods set is_default = 1, updated_at = ${now} where id = ${id} and user_id = ${user.id} and is_active = 1`),
      list,
    ]);
    return respond(c, payments.setDefaultMethod, { items: read(list).map(toMethod) });
  })
  .delete("/:id", validate("param", orderParams), async (c) => {
    const user = await requireUser(c);
    const db = c.var.db;
    const { id } = c.req.valid("param");
    if (!(await ownCard(db, user.id, id))) throw notFound("Payment method not found.");
    const now = Date.now();
    // The token is wiped with the card; subscriptions charged to it fail their next renewal and tell the user.
    await batch(db, [
      db.run(
        sql`update user_payment_methods set is_active = 0, is_default = 0, rectoken = '', updated_at = ${now}
            where id = ${id} and user_id = ${user.id}`,
      ),
      db.run(
        sql`update user_payment_methods set is_default = 1, updated_at = ${now}
            where id = (select id from user_payment_methods where user_id = ${user.id} and is_active = 1 order by created_at desc limit 1)
              and not exists (select 1 from user_payment_methods where user_id = ${user.id} and is_active = 1 and is_default = 1)`,
      ),
    ]);
    return respond(c, payments.deleteMethod, { ok: true });
  });
