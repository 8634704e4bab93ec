import { sql } from "drizzle-orm";
import { plans, type PlanId } from "../../common/catalog";
import { bare } from "./sql-names";
import { communities } from "./tables";

/**
 * The community's plan columns for a plan, its features and member limit, for an update's SET: one
 * place, because a paid plan, its end and an account's purge all put a community on a plan.
 */
export const planColumns = (plan: PlanId) =>
  sql`${bare(communities.subscriptionPlan)} = ${plan}, ${bare(communities.planFeatures)} = ${JSON.stringify(plans[plan].features)},
      ${bare(communities.planLimits)} = ${JSON.stringify({ maxMembers: plans[plan].maxMembers })}`;
