import { sql, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import type { HonoEnv } from "../env";
import { toActor } from "./access";
import type { Db } from "./db";
import type { ReviewStatus } from "./permissions";
import { sessionColumns, sessionFrom, sessionUserFrom, type SessionColumns } from "./session";
import type { Category } from "../../common/catalog";

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
  creatorId: string | null;
  reviewStatus: ReviewStatus;
  rejectionReason: string | null;
  archived: boolean;
  membersCount: number;
  postsCount: number;
  eventsCount: number;
  coursesCount: number;
  createdAt: number;
  creator: { id: string; fullName: string; avatarUrl: string | null } | null;
  membership: { role: "admin" | "moderator" | "member"; joinedAt: number; accessUntil: number | null } | null;
};

type Raw = {
  id: string;
  name: string;
  description: string;
  phone_number: string | null;
  cover_video_url: string | null;
  category_key: Category;
  image_urls: string;
  is_paid: number;
  price: number;
  currency: string;
  payment_type: CommunityRow["paymentType"];
  subscription_interval: CommunityRow["subscriptionInterval"];
  target_audience: string;
  subscription_plan: string;
  plan_limits: string;
  creator_id: string | null;
  review_status: ReviewStatus;
  rejection_reason: string | null;
  archived: number;
  members_count: number;
  posts_count: number;
  events_count: number;
  courses_count: number;
  created_at: number;
  creator_name: string | null;
  creator_avatar: string | null;
  member_role: "admin" | "moderator" | "member" | null;
  member_joined_at: number | null;
  member_access_until: number | null;
};

const detailColumns = sql.raw(
  `c.id, c.name, c.description, c.phone_number, c.cover_video_url, c.category_key, c.image_urls, c.is_paid, c.price, c.currency,
   c.payment_type, c.subscription_interval, c.target_audience, c.subscription_plan, c.plan_limits, c.creator_id, c.review_status,
   c.rejection_reason, c.archived, c.members_count, c.posts_count, c.events_count, c.courses_count, c.created_at,
   cu.full_name as creator_name, cu.avatar_url as creator_avatar,
   m.role as member_role, m.joined_at as member_joined_at, m.access_until as member_access_until`,
);

export type CommunityDetailRow = Raw & SessionColumns;

/**
 * A community with its creator, the caller (if the token holds a live session) and the caller's
 * membership: one statement, always one row (the community columns are null when it does not exist).
 * `id` may be a subquery (the community an invite link leads to), so the lookup rides in one statement.
 */
export function communityStatement(db: Db, token: string | null, id: string | SQL) {
  return db.get<CommunityDetailRow>(
    sql`select ${sessionColumns}, ${detailColumns} from ${sessionFrom(token, { required: false })}
        left join communities c on c.id = ${id}
        left join users cu on cu.id = c.creator_id
        left join community_members m on m.community_id = c.id and m.profile_id = su.id`,
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
    creatorId: r.creator_id,
    reviewStatus: r.review_status,
    rejectionReason: r.rejection_reason,
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
  };
}
