import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { orderParams, payments, type Subscription } from "../../../common/contract/payments";
import type { HonoEnv } from "../../env";
import { batch, type Db } from "../../lib/db";
import { AppError, notFound } from "../../lib/errors";
import { respond } from "../../lib/respond";
import { requireUser } from "../../lib/session";
import { cancelSubscriptions } from "../../lib/subscriptions";
import { validate } from "../../lib/validation";

type SubscriptionRow = {
  id: string;
  subscription_type: Subscription["type"];
  status: Subscription["status"];
  amount: number;
  currency: string;
  interval: Subscription["interval"];
  plan: Subscription["plan"];
  current_period_start: number;
  current_period_end: number;
  cancelled_at: number | null;
  created_at: number;
  community_id: string;
  community_name: string;
  image_urls: string;
};

const columns = sql`s.id, s.subscription_type, s.status, s.amount, s.currency, s.interval, c.subscription_plan as plan,
  s.current_period_start, s.current_period_end, s.cancelled_at, s.created_at, c.id as community_id, c.name as community_name,
  c.image_urls`;

const toSubscription = (r: SubscriptionRow, now = Date.now()): Subscription => ({
  id: r.id,
  type: r.subscription_type,
  status: r.status,
  amount: r.amount,
  currency: r.currency,
  interval: r.interval,
  plan: r.subscription_type === "creator_plan" ? r.plan : null,
  currentPeriodStart: r.current_period_start,
  currentPeriodEnd: r.current_period_end,
  cancelledAt: r.cancelled_at,
  createdAt: r.created_at,
  canResubscribe: r.status === "cancelled" && r.current_period_end > now,
  community: { id: r.community_id, name: r.community_name, imageUrl: (JSON.parse(r.image_urls) as string[])[0] ?? null },
});

const oneOf = (db: Db, userId: string, id: string) =>
  db.get<SubscriptionRow | undefined>(
    sql`select ${columns} from user_subscriptions s join communities c on c.id = s.community_id
        where s.id = ${id} and s.user_id = ${userId}`,
  );

export const subscriptionsRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => {
    const user = await requireUser(c);
    const rows = await c.var.db.all<SubscriptionRow>(
      sql`select ${columns} from user_subscriptions s join communities c on c.id = s.community_id
          where s.user_id = ${user.id} order by s.created_at desc limit 200`,
    );
    return respond(c, payments.subscriptions, { items: rows.map((r) => toSubscription(r)) });
  })
  // Cancelling stops renewals; access lasts to the end of the period already paid.
  .post("/:id/cancel", validate("param", orderParams), async (c) => {
    const user = await requireUser(c);
    const db = c.var.db;
    const { id } = c.req.valid("param");
    const now = Date.now();
    const after = oneOf(db, user.id, id);
    const read = await batch(db, [cancelSubscriptions(db, user.id, now, id), after]);
    const row = read(after);
    if (!row) throw notFound("Subscription not found.");
    if (row.cancelled_at !== now) throw new AppError("CONFLICT", "Only an active subscription can be cancelled.");
    return respond(c, payments.cancelSubscription, toSubscription(row, now));
  })
  // Taking a cancelled subscription up again before its period ends: renewals resume, nothing is charged now.
  .post("/:id/resubscribe", validate("param", orderParams), async (c) => {
    const user = await requireUser(c);
    const db = c.var.db;
    const { id } = c.req.valid("param");
    const now = Date.now();
    const after = oneOf(db, user.id, id);
    const read = await batch(db, [
      db.run(
        sql`update user_subscriptions set status = 'active', cancelled_at = null, updated_at = ${now}
            where id = ${id} and user_id = ${user.id} and status = 'cancelled' and current_period_end > ${now}`,
      ),
      after,
    ]);
    const row = read(after);
    if (!row) throw notFound("Subscription not found.");
    if (row.status !== "active") throw new AppError("CONFLICT", "This subscription has ended. Join again to subscribe.");
    return respond(c, payments.resubscribe, toSubscription(row, now));
  });
