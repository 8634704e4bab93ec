/**
 * The home feed's first screen, shared by the web app and the worker (which inlines it into the home
 * page): a community's posts under one topic filter ("all" for none), its topics and its figures (members,
 * posts, online, trending topics: the sidebar). Apart from
 * common/query-keys.ts so that they load with the home page and the feed, not with the app's first code.
 */
export const feedListKey = (communityId: string, topicId: string | null) =>
  ["feed", communityId, "posts", topicId ?? "all"] as const;
export const feedTopicsKey = (communityId: string) => ["feed", communityId, "topics"] as const;
export const feedStatsKey = (communityId: string) => ["feed", communityId, "stats"] as const;
/** A post's first comments (its page inlines them as well). */
export const commentListKey = (communityId: string, postId: string) =>
  ["feed", communityId, "thread", postId, "comments"] as const;

/**
 * The cookie that names the community the home page showed last (the app keeps its choice in the
 * browser's storage), so the worker can inline that community's feed into the home page.
 */
export const CURRENT_COMMUNITY_COOKIE = "agora-community";
