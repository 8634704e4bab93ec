/**
 * The product catalogue the API validates against (categories, plans, intervals, limits, the YouTube
 * link parser): one pure module shared with the worker, so both sides always offer the same lists.
 */
export {
  categories,
  COMMUNITY_CREATION_BONUS,
  exploreSorts,
  MAX_COMMUNITY_IMAGE_BYTES,
  MAX_COMMUNITY_IMAGES,
  paymentTypes,
  planIds,
  plans,
  subscriptionIntervals,
  youtubeId,
} from "../../../worker/features/communities/catalog";
export type { Category, ExploreSort, Plan, PlanId } from "../../../worker/features/communities/catalog";
