import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Context } from "hono";
import type { HonoEnv } from "../env";
import { toActor } from "./access";
import type { Db } from "./db";
import type { ReviewStatus } from "./permissions";
import { sessionColumns, sessionFrom, sessionUser, sessionUserFrom, type SessionColumns } from "./session";
import { leftJoined, selectAs, tableAs, type SelectAsRow } from "./sql-names";
import { communities, communityBans, communityInvitations, communityMembers, membershipRequests, users } from "./tables";
import type { Category } from "../../common/catalog";
import type { PendingCommunityEdit } from "./tables";

export type CommunityRow = {
  id: string;
  name: string;
  description: string;
  phoneNumber: string | null;
  coverVideoUrl: string | null;
  categoryKey: Category;
  imageUrls: string[];
  isPaid: boolean;
  price: number;
  currency: string;
  paymentType: "subscription" | "single" | null;
  subscriptionInterval: "monthly" | "quarterly" | "semi_annually" | "yearly" | null;
  targetAudience: string[];
  subscriptionPlan: string;
  planLimits: { maxMembers: number | null };
  /** The features of its plan (see community-plan.ts): what it may add, such as courses and paid memberships. */
  planFeatures: string[];
  creatorId: string | null;
  reviewStatus: ReviewStatus;
  rejectionReason: string | null;
  /** Material changes made after approval, waiting for staff (see PendingCommunityEdit); null when none. */
  pendingEdit: PendingCommunityEdit | null;
  pendingEditAt: number | null;
  archived: boolean;
  membersCount: number;
  postsCount: number;
  eventsCount: number;
  coursesCount: number;
  createdAt: number;
  creator: { id: string; fullName: string; avatarUrl: string | null } | null;
  membership: { role: "admin" | "moderator" | "member"; joinedAt: number; accessUntil: number | null } | null;
  /** The caller is banned from it: no way in (join, invitation, invite link, payment) until unbanned. */
  banned: boolean;
  visibility: "public" | "private";
  hiddenFromExplore: boolean;
  membershipQuestions: string[];
  /** The caller's latest request to join it (private communities). */
  request: { id: string; status: "pending" | "approved" | "declined"; reason: string | null } | null;
  /** The caller holds an open invitation by name: it lets them into a private community as an approval would. */
  invited: boolean;
};

const c = alias(communities, "c");
const cu = alias(users, "cu");
const m = alias(communityMembers, "m");
const b = alias(communityBans, "b");

const communityFields = {
  id: c.id,
  name: c.name,
  description: c.description,
  phone_number: c.phoneNumber,
  cover_video_url: c.coverVideoUrl,
  category_key: c.categoryKey,
  image_urls: c.imageUrls,
  is_paid: c.isPaid,
  price: c.price,
  currency: c.currency,
  payment_type: c.paymentType,
  subscription_interval: c.subscriptionInterval,
  target_audience: c.targetAudience,
  subscription_plan: c.subscriptionPlan,
  plan_limits: c.planLimits,
  plan_features: c.planFeatures,
  creator_id: c.creatorId,
  review_status: c.reviewStatus,
  rejection_reason: c.rejectionReason,
  pending_edit: c.pendingEdit,
  pending_edit_at: c.pendingEditAt,
  archived: c.archived,
  members_count: c.membersCount,
  posts_count: c.postsCount,
  events_count: c.eventsCount,
  courses_count: c.coursesCount,
  created_at: c.createdAt,
  visibility: c.visibility,
  hidden_from_explore: c.hiddenFromExplore,
  membership_questions: c.membershipQuestions,
};

const r = alias(membershipRequests, "r");
/** The caller's latest request to join (one statement per field, each by the (community, user) index). */
const latestRequest = (column: SQL) =>
  sql`(select ${column} from ${tableAs(r)} where ${r.communityId} = ${c.id} and ${r.userId} = ${sessionUser.id}
    order by ${r.createdAt} desc limit 1)`;

/** The creator and the caller's membership: left joined, so null when there is none. */
const joinedFields = {
  creator_name: leftJoined(cu.fullName),
  creator_avatar: leftJoined(cu.avatarUrl),
  member_role: leftJoined(m.role),
  member_joined_at: leftJoined(m.joinedAt),
  member_access_until: leftJoined(m.accessUntil),
  banned_at: leftJoined(b.createdAt),
  request_id: sql<string | null>`${latestRequest(sql`${r.id}`)}`,
  request_status: sql<"pending" | "approved" | "declined" | null>`${latestRequest(sql`${r.status}`)}`,
  request_reason: sql<string | null>`${latestRequest(sql`${r.reason}`)}`,
  // By the (community, invitee) primary key.
  invited: sql<number>`exists (select 1 from ${communityInvitations} where ${communityInvitations.communityId} = ${c.id}
    and ${communityInvitations.inviteeId} = ${sessionUser.id} and ${communityInvitations.status} = 'pending')`,
};

/** The community's columns are read as present: `toCommunityRow` answers null when `id` is not there. */
type Raw = SelectAsRow<typeof communityFields> & SelectAsRow<typeof joinedFields>;

const detailColumns = sql`${selectAs(communityFields)}, ${selectAs(joinedFields)}`;

export type CommunityDetailRow = Raw & SessionColumns;

/**
 * A community with its creator, the caller (if the token holds a live session) and the caller's
 * membership: one statement, always one row (the community columns are null when it does not exist).
 * `id` may be a subquery (the community an invite link leads to), so the lookup rides in one statement.
 */
export function communityStatement(db: Db, token: string | null, id: string | SQL) {
  return db.get<CommunityDetailRow>(
    sql`select ${sessionColumns}, ${detailColumns} from ${sessionFrom(token, { required: false })}
        left join ${tableAs(c)} on ${c.id} = ${id}
        left join ${tableAs(cu)} on ${cu.id} = ${c.creatorId}
        left join ${tableAs(m)} on ${m.communityId} = ${c.id} and ${m.profileId} = ${sessionUser.id}
        left join ${tableAs(b)} on ${b.communityId} = ${c.id} and ${b.userId} = ${sessionUser.id}`,
  );
}

/** The caller and the community from `communityStatement`'s row; the route decides 401 and 404 (see `visibleCommunity`). */
export function communityFor(db: Db, token: string | null, id: string | SQL) {
  const query = communityStatement(db, token, id);
  return {
    query,
    read: (c: Context<HonoEnv>, r: CommunityDetailRow | undefined) => {
      const user = sessionUserFrom(c, r);
      return { user, actor: toActor(user), row: toCommunityRow(r) };
    },
  };
}

export function toCommunityRow(r: Raw | undefined): CommunityRow | null {
  if (!r?.id) return null;
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    phoneNumber: r.phone_number,
    coverVideoUrl: r.cover_video_url,
    categoryKey: r.category_key,
    imageUrls: JSON.parse(r.image_urls) as string[],
    isPaid: r.is_paid === 1,
    price: r.price,
    currency: r.currency,
    paymentType: r.payment_type,
    subscriptionInterval: r.subscription_interval,
    targetAudience: JSON.parse(r.target_audience) as string[],
    subscriptionPlan: r.subscription_plan,
    planLimits: JSON.parse(r.plan_limits) as { maxMembers: number | null },
    planFeatures: JSON.parse(r.plan_features) as string[],
    creatorId: r.creator_id,
    reviewStatus: r.review_status,
    rejectionReason: r.rejection_reason,
    pendingEdit: r.pending_edit ? (JSON.parse(r.pending_edit) as PendingCommunityEdit) : null,
    pendingEditAt: r.pending_edit_at,
    archived: r.archived === 1,
    membersCount: r.members_count,
    postsCount: r.posts_count,
    eventsCount: r.events_count,
    coursesCount: r.courses_count,
    createdAt: r.created_at,
    creator: r.creator_id ? { id: r.creator_id, fullName: r.creator_name ?? "", avatarUrl: r.creator_avatar } : null,
    membership:
      r.member_role !== null
        ? { role: r.member_role, joinedAt: r.member_joined_at ?? 0, accessUntil: r.member_access_until }
        : null,
    banned: r.banned_at !== null,
    visibility: r.visibility,
    hiddenFromExplore: r.hidden_from_explore === 1,
    membershipQuestions: JSON.parse(r.membership_questions) as string[],
    request: r.request_id && r.request_status ? { id: r.request_id, status: r.request_status, reason: r.request_reason } : null,
    invited: r.invited === 1,
  };
}
