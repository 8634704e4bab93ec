/**
 * Query keys shared by the web app and the worker: the worker inlines the first screen of a public page
 * as a dehydrated query cache under these keys, and the app reads it back under the same ones.
 */

/** Who is signed in (null when nobody is). */
export const sessionKey = () => ["me"] as const;

/** The signed-in person's communities (the switcher's list and the feed's current community). */
export const myCommunitiesKey = () => ["me", "communities"] as const;

/**
 * The header's figures, which the worker inlines with a signed-in page so they are on its first screen
 * (and the app does not ask for them again as it starts): unread messages, unread notifications of the
 * current community ("all" without one), and the account's pending deletion (its banner).
 */
export const unreadMessagesKey = () => ["conversations", "unread-count"] as const;
export const unreadNotificationsKey = (communityId: string | null) =>
  ["notifications", "unread-count", communityId ?? "all"] as const;
export const deletionKey = () => ["me", "account", "deletion"] as const;

/** A post's own page: keyed by the post alone, because its route knows no community. */
export const postKey = (postId: string) => ["post", postId] as const;

/**
 * Query keys of the community screens (explore, detail, settings). More than the communities feature
 * edits them: a staff decision in the console re-reads every community screen. Everything sits under
 * ["communities"], so one prefix reaches all of them.
 */
export const communityKeys = {
  all: () => ["communities"] as const,
  explore: () => ["communities", "explore"] as const,
  exploreList: (query: Record<string, string | number | null | undefined>) => ["communities", "explore", query] as const,
  detail: (id: string) => ["communities", "detail", id] as const,
  topics: (id: string) => ["communities", "topics", id] as const,
  members: (id: string) => ["communities", "members", id] as const,
  memberList: (id: string, q: string, sort: string) => ["communities", "members", id, { q, sort }] as const,
  reports: (id: string) => ["communities", "reports", id] as const,
  invite: (token: string) => ["communities", "invite", token] as const,
};
