/** Shapes of the feed API (worker/features/feed), as the web reads them. */

export type Author = { id: string; fullName: string; avatarUrl: string | null };

export type TopicRef = { id: string; name: string; color: string };

export type Topic = TopicRef & { postsCount: number };

/** What the viewer may do with a post; the server computes it, live events do not carry it. */
export type PostPermissions = { canEdit: boolean; canDelete: boolean; canPin: boolean };

export type Post = PostPermissions & {
  id: string;
  communityId: string;
  author: Author | null;
  isAuthorAdmin: boolean;
  headline: string | null;
  content: string;
  imageUrls: string[];
  topic: TopicRef | null;
  likesCount: number;
  commentsCount: number;
  userHasLiked: boolean;
  pinned: boolean;
  editedAt: number | null;
  createdAt: number;
};

export type Comment = {
  id: string;
  postId: string;
  parentCommentId: string | null;
  author: Author | null;
  isAuthorAdmin: boolean;
  content: string;
  likesCount: number;
  repliesCount: number;
  userHasLiked: boolean;
  editedAt: number | null;
  createdAt: number;
  canDelete: boolean;
};

export type Page<T> = { items: T[]; nextCursor: string | null };

export type PostDetail = { post: Post; community: { id: string; name: string } };

export type CommunityStats = {
  membersCount: number;
  postsCount: number;
  onlineCount: number;
  onlineUserIds: string[];
  trendingTopics: (TopicRef & { recentPosts: number })[];
};

export type MentionCandidate = { id: string; fullName: string; avatarUrl: string | null };
