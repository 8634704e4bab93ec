import { sql, type SQLWrapper } from "drizzle-orm";
import { featureRefusal, includesFeature, plans, type GatedFeature, type PlanId } from "../../common/catalog";
import { forbidden } from "./errors";
import { bare } from "./sql-names";
import { communities } from "./tables";

/**
 * The community's plan columns for a plan, its features and member limit, for an update's SET: one
 * place, because a paid plan, its end and an account's purge all put a community on a plan.
 */
export const planColumns = (plan: PlanId) =>
  sql`${bare(communities.subscriptionPlan)} = ${plan}, ${bare(communities.planFeatures)} = ${JSON.stringify(plans[plan].features)},
      ${bare(communities.planLimits)} = ${JSON.stringify({ maxMembers: plans[plan].maxMembers })}`;

/**
 * A plan's features (paid memberships, courses) are enforced here, from the features the community
 * stored with its plan (DESIGN.md section 4). A community that moves down to a plan without a feature
 * keeps what it built (its courses stay readable and editable, its running subscriptions renew); it
 * cannot add more (a new course, a new price, a new paid member).
 */
export const hasFeature = (row: { planFeatures: readonly string[] }, feature: GatedFeature) =>
  includesFeature(row.planFeatures, feature);

/** 403 with the plan's explanation when the community's plan lacks the feature. */
export function assertFeature(row: { planFeatures: readonly string[] }, feature: GatedFeature) {
  if (!hasFeature(row, feature)) throw forbidden(featureRefusal[feature]);
}

/** A community's stored plan features as an SQL value (its JSON array), to ride in a statement a route already runs. */
export const planFeaturesOf = (communityId: SQLWrapper | string) =>
  sql<string | null>`(select ${communities.planFeatures} from ${communities} where ${communities.id} = ${communityId})`;

/** The stored JSON array read by `planFeaturesOf`; none for a community that does not exist. */
export const parsePlanFeatures = (raw: string | null | undefined): string[] => (raw ? (JSON.parse(raw) as string[]) : []);

/** As an SQL condition: the community's plan includes the feature (for a write's guard). */
export const planIncludes = (communityId: SQLWrapper | string, feature: GatedFeature) =>
  sql`exists (select 1 from ${communities}, json_each(${communities.planFeatures})
      where ${communities.id} = ${communityId} and json_each.value = ${feature})`;
