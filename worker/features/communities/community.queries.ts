import type { ReviewStatus } from "../../lib/permissions";

export type CommunityRow = {
  id: string;
  name: string;
  description: string;
  phoneNumber: string | null;
  coverVideoUrl: string | null;
  categoryKey: string;
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
  category_key: string;
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

/** A community with its creator and the viewer's membership: one statement. */
export async function findCommunity(d1: D1Database, id: string, viewerId: string | null): Promise<CommunityRow | null> {
  const r = await d1
    .prepare(
      `select c.id, c.name, c.description, c.phone_number, c.cover_video_url, c.category_key, c.image_urls, c.is_paid, c.price,
         c.currency, c.payment_type, c.subscription_interval, c.target_audience, c.subscription_plan, c.plan_limits, c.creator_id,
         c.review_status, c.rejection_reason, c.archived, c.members_count, c.posts_count, c.events_count, c.courses_count,
         c.created_at, u.full_name as creator_name, u.avatar_url as creator_avatar,
         m.role as member_role, m.joined_at as member_joined_at, m.access_until as member_access_until
       from communities c
       left join users u on u.id = c.creator_id
       left join community_members m on m.community_id = c.id and m.profile_id = ?2
       where c.id = ?1`,
    )
    .bind(id, viewerId ?? "")
    .first<Raw>();
  if (!r) return null;
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
