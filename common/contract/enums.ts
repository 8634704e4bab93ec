/**
 * The closed sets of values the API reads and answers (beside the product catalogue in common/catalog.ts
 * and the notification types in common/notifications.ts). Zod-free, so db/, the worker and the browser
 * all import the same lists; the database columns take their allowed values from here too.
 */

export const reviewStatuses = ["under_review", "approved", "rejected", "suspended"] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/** A community's owner is stored as an admin (and known by being its creator). */
export const memberRoles = ["admin", "moderator", "member"] as const;
export type MemberRole = (typeof memberRoles)[number];

/** Public communities are joined at once; private ones by a request their owner, admins or moderators approve. */
export const communityVisibilities = ["public", "private"] as const;
export type CommunityVisibility = (typeof communityVisibilities)[number];

/** A request to join a private community. */
export const membershipRequestStatuses = ["pending", "approved", "declined"] as const;
export type MembershipRequestStatus = (typeof membershipRequestStatuses)[number];

/**
 * What happens to a banned person's posts and comments in the community: kept in view, hidden from
 * everyone until the ban is lifted, or deleted.
 */
export const banContentPolicies = ["keep", "hide", "delete"] as const;
export type BanContentPolicy = (typeof banContentPolicies)[number];

export const reviewDecisions = ["approve", "reject", "suspend", "restore"] as const;
export type ReviewDecision = (typeof reviewDecisions)[number];
/** Staff's answer to changes made after approval (the community itself stays approved either way). */
export const editDecisions = ["approve_edit", "reject_edit"] as const;
export type EditDecision = (typeof editDecisions)[number];
/** Every staff decision a community's owner is told about. */
export const announcedReviewDecisions = [...reviewDecisions, ...editDecisions] as const;

export const reportTargetKinds = ["post", "comment", "message"] as const;
export type ReportTargetKind = (typeof reportTargetKinds)[number];

export const reportStatuses = ["open", "resolved", "dismissed"] as const;
export type ReportStatus = (typeof reportStatuses)[number];

export const reportDecisions = ["resolve", "dismiss"] as const;
export type ReportDecision = (typeof reportDecisions)[number];

export const memberSorts = ["points", "name", "joined"] as const;
export type MemberSort = (typeof memberSorts)[number];

/** Leaderboard periods: the last 7 days, the last 30 days, all time (spec 001 section 9). */
export const leaderboardPeriods = ["week", "month", "allTime"] as const;
export type LeaderboardPeriod = (typeof leaderboardPeriods)[number];

export const priceFilters = ["all", "free", "paid"] as const;
export type PriceFilter = (typeof priceFilters)[number];

export const conversationTypes = ["direct", "group"] as const;
export type ConversationType = (typeof conversationTypes)[number];

/** What a member can send: text, or an image with an optional caption (attachments are images only). */
export const sentMessageTypes = ["text", "image"] as const;
export type SentMessageType = (typeof sentMessageTypes)[number];

/** The spec's reaction set: thumbs up, heart, laughing, surprised, sad, angry, clapping, party, fire, hundred. */
export const reactionEmojis = ["👍", "❤️", "😂", "😮", "😢", "😠", "👏", "🎉", "🔥", "💯"] as const;
export type ReactionEmoji = (typeof reactionEmojis)[number];

export const uploadPurposes = [
  "avatar",
  "cover",
  "post_image",
  "community_image",
  "event_image",
  "course_image",
  "chat_attachment",
] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];

export const acceptedImageTypes = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
export type AcceptedImageType = (typeof acceptedImageTypes)[number];

/** The languages the app speaks; an account's language picks the language of its e-mails. */
export const languages = ["en", "ka", "ru"] as const;
export type Language = (typeof languages)[number];
export const DEFAULT_LANGUAGE: Language = "en";

export function isLanguage(value: unknown): value is Language {
  return languages.includes(value as Language);
}

/** What the search finds, one index each; the /search page has a tab per kind. */
export const searchKinds = ["communities", "posts", "comments", "people", "events", "courses"] as const;
export type SearchKind = (typeof searchKinds)[number];
/** The groups of the header's results (and the /search page's "All" tab); comments have their own tab. */
export const groupedSearchKinds = ["communities", "posts", "people", "events", "courses"] as const;
export type GroupedSearchKind = (typeof groupedSearchKinds)[number];

/** The calendar's filters (spec 001 section 4); upcoming is the default. */
export const eventFilters = ["all", "upcoming", "today", "thisWeek"] as const;
export type EventFilter = (typeof eventFilters)[number];

/** The kinds of event (spec 001 section 3). */
export const eventTypes = ["Workshop", "Meetup", "Conference", "Webinar", "Course", "Other"] as const;
export type EventType = (typeof eventTypes)[number];

/** Support tickets (spec 001 section 9): priority and category as the contact form offers them. */
export const ticketPriorities = ["low", "medium", "high", "urgent"] as const;
export type TicketPriority = (typeof ticketPriorities)[number];
export const ticketCategories = ["general", "technical", "billing", "feature", "bug", "other"] as const;
export type TicketCategory = (typeof ticketCategories)[number];
/** open: waiting for staff; answered: staff replied last, waiting for the user; closed: done (staff may reopen). */
export const ticketStatuses = ["open", "answered", "closed"] as const;
export type TicketStatus = (typeof ticketStatuses)[number];
/** The staff queue's filters: open takes every ticket not closed. */
export const ticketQueueFilters = ["open", "closed"] as const;
export type TicketQueueFilter = (typeof ticketQueueFilters)[number];
/** Where an invitation by name stands; a declined one can be sent again. */
export const invitationStatuses = ["pending", "accepted", "declined"] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

/** What an invite link does when opened: only an open link lets someone join through it. */
export const inviteLinkStates = ["open", "expired", "revoked", "used_up"] as const;
export type InviteLinkState = (typeof inviteLinkStates)[number];
