import { z } from "zod";
import {
  categories,
  exploreSorts,
  featureRefusal,
  includesFeature,
  MAX_COMMUNITY_IMAGES,
  paymentTypes,
  planIds,
  plans,
  subscriptionIntervals,
  youtubeId,
  type PlanId,
} from "../catalog";
import { communityVisibilities, memberRoles, membershipRequestStatuses, priceFilters, reviewStatuses } from "./enums";
import { topicRef } from "./feed";
import { endpoint, ok, page } from "./http";
import {
  AUDIENCE_TAG_MAX,
  AUDIENCE_TAGS_MAX,
  COMMUNITY_DESCRIPTION_MAX,
  COMMUNITY_NAME_MAX,
  EXPLORE_PAGE_MAX,
  EXPLORE_PAGE_SIZE,
  PHONE_DIGITS,
  PHONE_PREFIX,
  PRICE_MAX,
  SEARCH_TEXT_MAX,
  TOPIC_NAME_MAX,
  VIDEO_URL_MAX,
} from "./limits";
import { multiLine, singleLine } from "./text";

/** Communities: explore, create, the detail page, management, topics and roles (spec 002). */

// Requests: the messages are the spec's (spec 002 section 5).

const communityImageUrl = z
  .string()
  .regex(/^\/files\/community_image\/[0-9a-f-]{36}\.(jpg|png|webp|gif)$/, "Images must be uploaded first");

/** Lari with at most two decimals, stored as tetri. */
const priceGel = z
  .number({ error: "Please enter a valid price" })
  .positive("Please enter a valid price")
  .max(PRICE_MAX, "Please enter a valid price")
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "Please enter a valid price");

const phonePattern = new RegExp(`^\\${PHONE_PREFIX}\\d{${PHONE_DIGITS}}$`);

const fields = {
  name: singleLine("Community name", { max: COMMUNITY_NAME_MAX }),
  description: multiLine("Description", { max: COMMUNITY_DESCRIPTION_MAX }),
  phoneNumber: z
    .string({ error: "Phone number is required" })
    .trim()
    .min(1, "Phone number is required")
    .regex(phonePattern, "Invalid Georgian phone number format"),
  coverVideoUrl: z
    .string()
    .trim()
    .max(VIDEO_URL_MAX, "Please enter a valid YouTube URL")
    .refine((v) => v === "" || youtubeId(v) !== null, "Please enter a valid YouTube URL")
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional(),
  categoryKey: z.enum(categories, { error: "Please select a category" }),
  imageUrls: z
    .array(communityImageUrl)
    .max(MAX_COMMUNITY_IMAGES, `You can only upload up to ${MAX_COMMUNITY_IMAGES} images.`)
    .default([]),
  targetAudience: z
    .array(singleLine("Tag", { max: AUDIENCE_TAG_MAX, required: "Tags cannot be empty" }))
    .max(AUDIENCE_TAGS_MAX, `At most ${AUDIENCE_TAGS_MAX} audience tags`)
    .default([]),
  isPaid: z.boolean({ error: "Choose free or paid" }).default(false),
  price: priceGel.nullable().optional(),
  paymentType: z.enum(paymentTypes, { error: "Choose subscription or one-time" }).nullable().optional(),
  subscriptionInterval: z.enum(subscriptionIntervals, { error: "Choose a billing interval" }).nullable().optional(),
};

type PaidFields = { isPaid?: boolean; price?: number | null; paymentType?: string | null; subscriptionInterval?: string | null };

/** A paid community needs a price and payment type; a subscription needs an interval. */
function checkPaid(value: PaidFields, ctx: z.RefinementCtx) {
  if (!value.isPaid) return;
  if (value.price == null) ctx.addIssue({ code: "custom", path: ["price"], message: "Please enter a valid price" });
  if (!value.paymentType) ctx.addIssue({ code: "custom", path: ["paymentType"], message: "Choose subscription or one-time" });
  if (value.paymentType === "subscription" && !value.subscriptionInterval) {
    ctx.addIssue({ code: "custom", path: ["subscriptionInterval"], message: "Choose a billing interval" });
  }
}

/**
 * An edit clears a paid community's price and payment type only by making it free: a `null` alone
 * would leave it paid at ₾0 (every join then fails at the card processor) or with no way to pay. An
 * interval is cleared only for a one-time payment.
 */
function keepsPaidFields(value: PaidFields, ctx: z.RefinementCtx) {
  // Free clears them; paid is checked whole by checkPaid.
  if (value.isPaid !== undefined) return;
  if (value.price === null) ctx.addIssue({ code: "custom", path: ["price"], message: "Please enter a valid price" });
  if (value.paymentType === null) {
    ctx.addIssue({ code: "custom", path: ["paymentType"], message: "Choose subscription or one-time" });
  }
  if (value.subscriptionInterval === null && value.paymentType !== "single") {
    ctx.addIssue({ code: "custom", path: ["subscriptionInterval"], message: "Choose a billing interval" });
  }
}

/**
 * A price needs a plan with paid memberships (Starter and above). A 422 on `price` here rather than a
 * 403 in the route: the create form sends the price with the plan it chose in one body, the other
 * price problems are field issues too, and the plan screen takes field issues back to the form, where
 * the creator makes the community free or goes back to choose a paid plan. (The community is stored on
 * Free until its plan is paid, and takes no paid member until then: see payments.routes.ts.)
 */
function paidNeedsPlan(value: { isPaid?: boolean; plan: PlanId }, ctx: z.RefinementCtx) {
  const plan = plans[value.plan] as (typeof plans)[PlanId] | undefined;
  if (value.isPaid && plan && !includesFeature(plan.features, "paidMemberships")) {
    ctx.addIssue({ code: "custom", path: ["price"], message: featureRefusal.paidMemberships });
  }
}

export const createCommunityBody = z
  .object({
    ...fields,
    plan: z.enum(planIds, { error: "Invalid plan" }),
    // Chosen at creation, changed later in the settings with the questions (membership-requests.ts).
    visibility: z.enum(communityVisibilities, { error: "Choose public or private" }).default("public"),
  })
  .superRefine(checkPaid)
  .superRefine(paidNeedsPlan);
export type CreateCommunityBody = z.output<typeof createCommunityBody>;

export const updateCommunityBody = z
  .object({
    name: fields.name.optional(),
    description: fields.description.optional(),
    phoneNumber: fields.phoneNumber.optional(),
    coverVideoUrl: fields.coverVideoUrl,
    categoryKey: fields.categoryKey.optional(),
    imageUrls: z
      .array(communityImageUrl)
      .max(MAX_COMMUNITY_IMAGES, `You can only upload up to ${MAX_COMMUNITY_IMAGES} images.`)
      .optional(),
    targetAudience: fields.targetAudience.optional(),
    isPaid: z.boolean().optional(),
    price: fields.price,
    paymentType: fields.paymentType,
    subscriptionInterval: fields.subscriptionInterval,
  })
  .superRefine(checkPaid)
  .superRefine(keepsPaidFields);
export type UpdateCommunityBody = z.output<typeof updateCommunityBody>;

const numberParam = (message: string) => z.coerce.number({ error: message }).min(0, message).max(10_000_000, message);

export const exploreQuery = z.object({
  q: z.string().trim().max(SEARCH_TEXT_MAX, `Search text must be at most ${SEARCH_TEXT_MAX} characters`).optional(),
  category: z.enum(categories, { error: "Unknown category" }).optional(),
  price: z.enum(priceFilters).default("all"),
  minPrice: numberParam("Invalid minimum price").optional(),
  maxPrice: numberParam("Invalid maximum price").optional(),
  paymentType: z.enum(["all", ...paymentTypes]).default("all"),
  minMembers: z.coerce
    .number({ error: "Invalid minimum members" })
    .int("Invalid minimum members")
    .min(0)
    .max(100_000_000)
    .optional(),
  sort: z.enum(exploreSorts, { error: "Unknown sort" }).default("popular"),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(EXPLORE_PAGE_MAX).default(EXPLORE_PAGE_SIZE),
});
export type ExploreQuery = z.output<typeof exploreQuery>;

export const communityParams = z.object({ id: z.string().min(1).max(64) });

export const topicBody = z.object({
  name: singleLine("Topic name", { max: TOPIC_NAME_MAX }),
  color: z.string({ error: "Choose a colour" }).regex(/^#[0-9a-fA-F]{6}$/, "Choose a colour"),
});
export const topicParams = z.object({ id: z.string().min(1).max(64), topicId: z.string().min(1).max(64) });

export const memberParams = z.object({ id: z.string().min(1).max(64), userId: z.string().min(1).max(64) });
export const roleBody = z.object({ role: z.enum(memberRoles, { error: "Choose a role" }) });

// Responses. Prices are tetri.

/** One card of the explore grid. */
export const communityCard = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  categoryKey: z.enum(categories),
  membersCount: z.number(),
  isPaid: z.boolean(),
  price: z.number(),
  currency: z.string(),
  paymentType: z.enum(paymentTypes).nullable(),
  subscriptionInterval: z.enum(subscriptionIntervals).nullable(),
  isMember: z.boolean(),
  /** Joined by a request the community approves. */
  isPrivate: z.boolean(),
});
export type CommunityCard = z.output<typeof communityCard>;

/** Material changes waiting for review, and when they were last changed (the version staff approve). */
export const pendingCommunityEdit = z.object({
  name: z.string().optional(),
  description: z.string().optional(),
  coverVideoUrl: z.string().nullable().optional(),
  categoryKey: z.enum(categories).optional(),
  imageUrls: z.array(z.string()).optional(),
  submittedAt: z.number(),
});
export type PendingCommunityEditView = z.output<typeof pendingCommunityEdit>;

export const communityDetail = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Only for the people running the community, and staff. */
  phoneNumber: z.string().nullable(),
  coverVideoUrl: z.string().nullable(),
  categoryKey: z.enum(categories),
  imageUrls: z.array(z.string()),
  isPaid: z.boolean(),
  price: z.number(),
  currency: z.string(),
  paymentType: z.enum(paymentTypes).nullable(),
  subscriptionInterval: z.enum(subscriptionIntervals).nullable(),
  targetAudience: z.array(z.string()),
  subscriptionPlan: z.string(),
  maxMembers: z.number().nullable(),
  /** Its plan's features (common/catalog.ts): the web offers courses and a price only when they are there. */
  features: z.array(z.string()),
  reviewStatus: z.enum(reviewStatuses),
  rejectionReason: z.string().nullable(),
  /**
   * Changes to the name, description, images, video or category made after approval, waiting for staff
   * (everyone sees the approved version until then). Only for the people running it, and staff.
   */
  pendingEdit: pendingCommunityEdit.nullable(),
  archived: z.boolean(),
  membersCount: z.number(),
  postsCount: z.number(),
  eventsCount: z.number(),
  coursesCount: z.number(),
  createdAt: z.number(),
  creator: z.object({ id: z.string(), fullName: z.string(), avatarUrl: z.string().nullable() }).nullable(),
  visibility: z.enum(communityVisibilities),
  hiddenFromExplore: z.boolean(),
  /** What a private community asks whoever requests to join (answered in the request). */
  membershipQuestions: z.array(z.string()),
});
export type CommunityDetail = z.output<typeof communityDetail>;

/** What the viewer may do; computed by the server, only read by the web. */
export const communityViewer = z.object({
  isMember: z.boolean(),
  role: z.enum(memberRoles).nullable(),
  isCreator: z.boolean(),
  hasAccess: z.boolean(),
  canJoin: z.boolean(),
  /** A private community: the viewer may ask to join (no pending request, not a member, not banned). */
  canRequest: z.boolean(),
  /** The viewer's latest request to join, while it matters: pending, or declined with the reason. */
  request: z.object({ status: z.enum(membershipRequestStatuses), reason: z.string().nullable() }).nullable(),
  /** The community banned the viewer: there is no way in. */
  isBanned: z.boolean(),
  canManage: z.boolean(),
  canEdit: z.boolean(),
  canOwn: z.boolean(),
  isStaff: z.boolean(),
  /**
   * The owner's only: the paid plan they last set out to buy for it and have not paid (the payment was
   * declined, or left unfinished at the card's bank). `unfinishedOrderId` names that payment while it is
   * still open, for the next payment to replace it.
   */
  unpaidPlan: z.object({ plan: z.enum(["starter", "premium", "business"]), unfinishedOrderId: z.string().nullable() }).nullable(),
});
export type CommunityViewer = z.output<typeof communityViewer>;

export const communityView = z.object({ community: communityDetail, viewer: communityViewer });
export type CommunityView = z.output<typeof communityView>;

export const createdCommunity = z.object({
  community: z.object({ id: z.string(), name: z.string(), reviewStatus: z.enum(reviewStatuses) }),
  pointsEarned: z.number(),
});
export type CreatedCommunity = z.output<typeof createdCommunity>;

export const topic = topicRef.extend({ postsCount: z.number() });
export type Topic = z.output<typeof topic>;

const archived = z.object({ id: z.string(), archived: z.boolean() });

export const communities = {
  explore: endpoint("GET", "/api/communities", { query: exploreQuery, response: page(communityCard) }),
  create: endpoint("POST", "/api/communities", {
    body: createCommunityBody,
    response: createdCommunity,
    status: 201,
    idempotent: true,
  }),
  get: endpoint("GET", "/api/communities/:id", { params: communityParams, response: communityView }),
  update: endpoint("PATCH", "/api/communities/:id", {
    params: communityParams,
    body: updateCommunityBody,
    response: communityView,
  }),
  join: endpoint("POST", "/api/communities/:id/join", { params: communityParams, response: communityView }),
  archive: endpoint("POST", "/api/communities/:id/archive", { params: communityParams, response: archived }),
  unarchive: endpoint("POST", "/api/communities/:id/unarchive", { params: communityParams, response: archived }),
  setRole: endpoint("PATCH", "/api/communities/:id/members/:userId", {
    params: memberParams,
    body: roleBody,
    response: z.object({ userId: z.string(), role: z.enum(memberRoles) }),
  }),
  listTopics: endpoint("GET", "/api/communities/:id/topics", {
    params: communityParams,
    response: z.object({ topics: z.array(topic) }),
  }),
  createTopic: endpoint("POST", "/api/communities/:id/topics", {
    params: communityParams,
    body: topicBody,
    response: z.object({ topic }),
    status: 201,
  }),
  updateTopic: endpoint("PATCH", "/api/communities/:id/topics/:topicId", {
    params: topicParams,
    body: topicBody,
    response: z.object({ topic }),
  }),
  deleteTopic: endpoint("DELETE", "/api/communities/:id/topics/:topicId", { params: topicParams, response: ok }),
};
