import { sql } from "drizzle-orm";
import { index, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import {
  categories,
  paymentTypes,
  planIds,
  subscriptionIntervals,
  type Category,
  type PaymentType,
  type PlanId,
  type SubscriptionInterval,
} from "../../common/catalog";
import {
  banContentPolicies,
  communityVisibilities,
  membershipRequestStatuses,
  memberRoles,
  reviewStatuses,
  type BanContentPolicy,
  type MemberRole,
  type ReviewStatus,
} from "../../common/contract/enums";
import { counter, createdAt, flag, idColumn, millis, tetri, currency, updatedAt } from "./columns";

// The product catalogue (categories, payment types, intervals, plans) is one pure module the web app
// shares; the columns take their allowed values from it.
export const communityCategories = categories;
export type CommunityCategory = Category;

export { reviewStatuses, type ReviewStatus };

export { paymentTypes, subscriptionIntervals, type PaymentType, type SubscriptionInterval };
export const subscriptionPlans = planIds;
export type SubscriptionPlan = PlanId;

/** null maxMembers means unlimited (Business plan). */
export type PlanLimits = { maxMembers: number | null };

/**
 * Changes to what explore and the detail page show (name, description, images, video, category) made
 * after approval: they wait here for staff, and everyone else sees the approved version until then.
 */
export type PendingCommunityEdit = {
  name?: string;
  description?: string;
  coverVideoUrl?: string | null;
  categoryKey?: Category;
  imageUrls?: string[];
};

export { memberRoles, type MemberRole };

export const communities = sqliteTable(
  "communities",
  {
    id: idColumn(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    phoneNumber: text("phone_number"),
    coverVideoUrl: text("cover_video_url"),
    categoryKey: text("category_key", { enum: communityCategories }).notNull(),
    imageUrls: text("image_urls", { mode: "json" }).$type<string[]>().notNull().default([]),
    isPaid: flag("is_paid", false),
    price: tetri("price").notNull().default(0),
    currency: currency(),
    paymentType: text("payment_type", { enum: paymentTypes }),
    subscriptionInterval: text("subscription_interval", { enum: subscriptionIntervals }),
    targetAudience: text("target_audience", { mode: "json" }).$type<string[]>().notNull().default([]),
    subscriptionPlan: text("subscription_plan", { enum: subscriptionPlans }).notNull().default("free"),
    planFeatures: text("plan_features", { mode: "json" }).$type<string[]>().notNull().default([]),
    planLimits: text("plan_limits", { mode: "json" }).$type<PlanLimits>().notNull().default({ maxMembers: 100 }),
    // Nullable so a purged creator's account does not take every member's community with it.
    creatorId: text("creator_id").references(() => users.id, { onDelete: "set null" }),
    reviewStatus: text("review_status", { enum: reviewStatuses }).notNull().default("under_review"),
    rejectionReason: text("rejection_reason"),
    submittedForReviewAt: millis("submitted_for_review_at"),
    reviewedAt: millis("reviewed_at"),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    archived: flag("archived", false),
    visibility: text("visibility", { enum: communityVisibilities }).notNull().default("public"),
    /** A private community its owner keeps out of explore (found only by its link). */
    hiddenFromExplore: flag("hidden_from_explore", false),
    /** Up to 3 questions a private community asks whoever requests to join. */
    membershipQuestions: text("membership_questions", { mode: "json" }).$type<string[]>().notNull().default([]),
    pendingEdit: text("pending_edit", { mode: "json" }).$type<PendingCommunityEdit>(),
    /** When the pending edit was last changed: the version staff approve, and the edits queue's order. */
    pendingEditAt: millis("pending_edit_at"),
    /** When staff suspended it (null when not suspended): the pause its members' paid periods are extended by. */
    suspendedAt: millis("suspended_at"),
    membersCount: counter("members_count"),
    postsCount: counter("posts_count"),
    eventsCount: counter("events_count"),
    coursesCount: counter("courses_count"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Explore: listed = approved and not archived; sorted by popularity, date or price (id breaks ties for
    // keyset pages), with or without a category.
    index("communities_explore_members_idx").on(t.reviewStatus, t.archived, t.membersCount, t.id),
    index("communities_explore_created_idx").on(t.reviewStatus, t.archived, t.createdAt, t.id),
    index("communities_explore_price_idx").on(t.reviewStatus, t.archived, t.price, t.id),
    index("communities_explore_cat_members_idx").on(t.reviewStatus, t.archived, t.categoryKey, t.membersCount, t.id),
    index("communities_explore_cat_created_idx").on(t.reviewStatus, t.archived, t.categoryKey, t.createdAt, t.id),
    index("communities_explore_cat_price_idx").on(t.reviewStatus, t.archived, t.categoryKey, t.price, t.id),
    // NOCASE so a case-insensitive prefix LIKE can use it; substring search falls back to the explore filters.
    index("communities_name_nocase_idx").on(sql`${t.name} COLLATE NOCASE`),
    index("communities_creator_idx").on(t.creatorId, t.createdAt),
    // Staff review queue, oldest submission first.
    index("communities_review_queue_idx").on(t.reviewStatus, t.submittedForReviewAt),
    // Staff edits queue, oldest first; only the few communities with an edit waiting are in it.
    index("communities_pending_edit_idx")
      .on(t.pendingEditAt, t.id)
      .where(sql`${t.pendingEditAt} is not null`),
  ],
);

export const communityMembers = sqliteTable(
  "community_members",
  {
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    profileId: text("profile_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The owner is stored as admin; ownership itself is communities.creator_id. */
    role: text("role", { enum: memberRoles }).notNull().default("member"),
    joinedAt: millis("joined_at")
      .notNull()
      .$defaultFn(() => Date.now()),
    /** Paid memberships: access ends here (one-time payments: null = forever; subscriptions: period end). */
    accessUntil: millis("access_until"),
    // Not a foreign key (user_subscriptions already references communities); a subscription is only ever
    // deleted together with its user or community, which removes this row too.
    subscriptionId: text("subscription_id"),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.profileId] }),
    index("community_members_joined_idx").on(t.communityId, t.joinedAt),
    index("community_members_profile_idx").on(t.profileId, t.joinedAt),
    index("community_members_subscription_idx").on(t.subscriptionId),
  ],
);

export { banContentPolicies, type BanContentPolicy };

/**
 * People a community banned: they may not join, request, accept an invitation, use an invite link or
 * pay to join again until someone lifts the ban. Their membership row is gone; this row is what stays.
 */
export const communityBans = sqliteTable(
  "community_bans",
  {
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bannedBy: text("banned_by").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason"),
    content: text("content", { enum: banContentPolicies }).notNull().default("keep"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.userId] }),
    index("community_bans_community_idx").on(t.communityId, t.createdAt),
    // Account deletion removes a person's bans and clears them as the one who banned.
    index("community_bans_user_idx").on(t.userId),
    index("community_bans_banned_by_idx").on(t.bannedBy),
  ],
);

/**
 * Requests to join a private community, with the answers to its questions. One pending request per
 * person and community; approval of a free community makes the member, of a paid one lets them pay.
 */
export const membershipRequests = sqliteTable(
  "membership_requests",
  {
    id: idColumn(),
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The questions as they were asked, each with its answer (the community may change its questions later). */
    answers: text("answers", { mode: "json" }).$type<{ question: string; answer: string }[]>().notNull().default([]),
    status: text("status", { enum: membershipRequestStatuses }).notNull().default("pending"),
    /** The reason given with a decline, shown to the person. */
    reason: text("reason"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: millis("decided_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("membership_requests_one_pending")
      .on(t.communityId, t.userId)
      .where(sql`${t.status} = 'pending'`),
    // The queue: a community's pending requests, oldest first.
    index("membership_requests_queue_idx").on(t.communityId, t.status, t.createdAt),
    index("membership_requests_user_idx").on(t.userId, t.createdAt),
    index("membership_requests_decided_by_idx").on(t.decidedBy),
  ],
);

export const communityTopics = sqliteTable(
  "community_topics",
  {
    id: idColumn(),
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Hex colour such as #2563EB. */
    color: text("color").notNull(),
    postsCount: counter("posts_count"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("community_topics_name_unique").on(t.communityId, t.name)],
);
