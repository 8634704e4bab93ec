import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { CARD_VERIFICATION_AMOUNT } from "../../../common/card";
import { payments } from "../../../common/contract/payments";
import { newId } from "../../../common/ids";
import { batch, type Db } from "../../lib/db";
import { AppError, notFound } from "../../lib/errors";
import { idempotency } from "../../lib/idempotency";
import { assertUnderLimit, hitStatement, rateLimitRules } from "../../lib/rate-limit";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { requireUser } from "../../lib/session";
import { tableAs } from "../../lib/sql-names";
import { flittSettings } from "../../payments/config";
import { paymentOrders, userPaymentMethods as methods } from "../../lib/tables";
import { chargeOrder, payWithOf } from "./charge";
import { orderStatement, resultOf } from "./orders";
import { paymentDeps } from "./payment-context";

/** The caller's active cards, default first, then newest (spec 002 section 7), as the API shows them. */
const cardsOf = (db: Db, userId: string) =>
  db
    .select({
      id: methods.id,
      cardType: methods.cardType,
      maskedCard: methods.maskedCard,
      lastFour: methods.lastFour,
      expiryMonth: methods.expiryMonth,
      expiryYear: methods.expiryYear,
      isDefault: methods.isDefault,
      createdAt: methods.createdAt,
    })
    .from(methods)
    .where(and(eq(methods.userId, userId), sql`${methods.isActive} = 1`))
    .orderBy(desc(methods.isDefault), desc(methods.createdAt));

const ownCard = (db: Db, userId: string, id: string) =>
  db
    .select({ id: methods.id, isDefault: methods.isDefault })
    .from(methods)
    .where(and(eq(methods.id, id), eq(methods.userId, userId), sql`${methods.isActive} = 1`))
    .get();

/** The newest active card of a user, for a subquery. */
const newest = alias(methods, "newest");

export const paymentMethodsRoutes = [
  route(payments.methods, async (c) => {
    const user = await requireUser(c);
    const items = await cardsOf(c.var.db, user.id);
    return respond(c, payments.methods, { items, mode: flittSettings(c.env).mode });
  }),
  // A new card is checked with a small charge that is reversed at once; approval saves it. The card is
  // typed on our form (direct mode) or on Flitt's page (hosted mode), whichever the configuration chose.
  route(payments.addMethod, async (c) => {
    const user = await requireUser(c);
    const body = c.req.valid("json");
    const db = c.var.db;
    const key = c.req.valid("header")["idempotency-key"];
    if (!key)
      throw new AppError("VALIDATION_FAILED", "Saving a card needs an Idempotency-Key, so a retry cannot charge twice.", {
        issues: [{ path: "idempotency-key", message: "Required" }],
      });
    const once = await idempotency(db, {
      key,
      scope: payments.addMethod.route,
      request: { hosted: body.hosted ?? false },
      owner: user.id,
    });
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
      db.insert(paymentOrders).values({
        id: orderId,
        userId: user.id,
        kind: "save_card",
        amount: CARD_VERIFICATION_AMOUNT,
        currency: "GEL",
        status: "created",
        statusHistory: [{ status: "created", at: now }],
        saveCard: true,
        createdAt: now,
        updatedAt: now,
      }),
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
    return respond(
      c,
      payments.addMethod,
      result.status === "declined" ? { ...result, message: "Failed to save payment method" } : result,
    );
  }),
  route(payments.setDefaultMethod, async (c) => {
    const user = await requireUser(c);
    const db = c.var.db;
    const { id } = c.req.valid("param");
    if (!(await ownCard(db, user.id, id))) throw notFound("Payment method not found.");
    const now = Date.now();
    // One default per user (a unique index): clear the old one before setting the new, in one batch.
    const list = cardsOf(db, user.id);
    const read = await batch(db, [
      db
        .update(methods)
        .set({ isDefault: false, updatedAt: now })
        .where(and(eq(methods.userId, user.id), sql`${methods.isDefault} = 1`)),
      db
        .update(methods)
        .set({ isDefault: true, updatedAt: now })
        .where(and(eq(methods.id, id), eq(methods.userId, user.id), sql`${methods.isActive} = 1`)),
      list,
    ]);
    return respond(c, payments.setDefaultMethod, { items: read(list) });
  }),
  route(payments.deleteMethod, async (c) => {
    const user = await requireUser(c);
    const db = c.var.db;
    const { id } = c.req.valid("param");
    if (!(await ownCard(db, user.id, id))) throw notFound("Payment method not found.");
    const now = Date.now();
    // The token is wiped with the card; subscriptions charged to it fail their next renewal and tell the user.
    await batch(db, [
      db
        .update(methods)
        .set({ isActive: false, isDefault: false, rectoken: "", updatedAt: now })
        .where(and(eq(methods.id, id), eq(methods.userId, user.id))),
      db
        .update(methods)
        .set({ isDefault: true, updatedAt: now })
        .where(
          and(
            eq(
              methods.id,
              sql`(select ${newest.id} from ${tableAs(newest)} where ${newest.userId} = ${user.id} and ${newest.isActive} = 1
                order by ${newest.createdAt} desc limit 1)`,
            ),
            sql`not exists (select 1 from ${tableAs(newest)} where ${newest.userId} = ${user.id} and ${newest.isActive} = 1
              and ${newest.isDefault} = 1)`,
          ),
        ),
    ]);
    return respond(c, payments.deleteMethod, { ok: true });
  }),
];
