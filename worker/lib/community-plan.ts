import { sql } from "drizzle-orm";
import { plans, type PlanId } from "../../common/catalog";

/**
 * The community's plan columns for a plan, its features and member limit, for an update's SET: one
 * place, because a paid plan, its end and an account's purge all put a community on a plan.
 */
export const planColumns = (plan: PlanId) =>
  sql`subscription_plan = ${plan}, plan_features = ${JSON.stringify(plans[plan].features)},
      plan_limits = ${JSON.stringify({ maxMembers: plans[plan].maxMembers })}`;
