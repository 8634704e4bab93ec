import type { CommunityRole } from "../../lib/my-communities";

/** Response shapes of the communities API (worker/features/communities), as the web app reads them. */

export type ReviewStatus = "under_review" | "approved" | "rejected" | "suspended";
export type PaymentType = "subscription" | "single";
export type SubscriptionInterval = "monthly" | "quarterly" | "semi_annually" | "yearly";

/** One card of the explore grid. Prices are tetri. */
export type CommunityCardData = {
  id: string;
  name: string;
  description: string;
  imageUrl: string | null;
  categoryKey: string;
  membersCount: number;
  isPaid: boolean;
  price: number;
  currency: string;
  paymentType: PaymentType | null;
  subscriptionInterval: SubscriptionInterval | null;
  isMember: boolean;
};

export type ExplorePage = { items: CommunityCardData[]; nextCursor: string | null };

export type CommunityDetail = {
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
  paymentType: PaymentType | null;
  subscriptionInterval: SubscriptionInterval | null;
  targetAudience: string[];
  subscriptionPlan: string;
  maxMembers: number | null;
  reviewStatus: ReviewStatus;
  rejectionReason: string | null;
  archived: boolean;
  membersCount: number;
  postsCount: number;
  eventsCount: number;
  coursesCount: number;
  createdAt: number;
  creator: { id: string; fullName: string; avatarUrl: string | null } | null;
};

/** What the signed-in viewer may do; computed by the server, only read here. */
export type CommunityViewer = {
  isMember: boolean;
  role: CommunityRole | null;
  isCreator: boolean;
  hasAccess: boolean;
  canJoin: boolean;
  canManage: boolean;
  canEdit: boolean;
  canOwn: boolean;
  isStaff: boolean;
};

export type CommunityView = { community: CommunityDetail; viewer: CommunityViewer };

export type Topic = { id: string; name: string; color: string; postsCount: number };

export type CommunityMember = {
  id: string;
  fullName: string;
  avatarUrl: string | null;
  profession: string | null;
  role: CommunityRole;
  isOwner: boolean;
  joinedAt: number;
  points: number;
};

export type MemberSort = "points" | "name" | "joined";

export type Report = {
  id: string;
  community: { id: string; name: string } | null;
  targetKind: "post" | "comment" | "message";
  targetId: string;
  postId: string | null;
  excerpt: string | null;
  reason: string;
  status: "open" | "resolved" | "dismissed";
  createdAt: number;
  reporter: { id: string; fullName: string } | null;
};
