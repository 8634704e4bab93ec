import { MAX_COMMUNITY_IMAGE_BYTES } from "../catalog";
import type { UploadPurpose } from "./enums";

/**
 * Every number the API enforces and the web shows or sends: lengths, counts, page sizes. Zod-free, so
 * the browser imports it at run time; the schemas next to it read the same constants.
 */

// Feed (spec 000 section 9).
export const POST_HEADLINE_MAX = 100;
export const POST_CONTENT_MAX = 2000;
export const POST_IMAGES_MAX = 4;
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 10;
export const POLL_OPTION_MAX = 80;
export const COMMENT_MAX = 500;
export const REPLY_MAX = 300;
export const REPORT_REASON_MAX = 500;
export const MENTION_QUERY_MAX = 50;
export const FEED_PAGE_SIZE = 10;
export const FEED_PAGE_MAX = 50;
export const COMMENTS_PAGE_SIZE = 50;
export const COMMENTS_PAGE_MAX = 100;

// Communities (spec 002 section 5).
export const COMMUNITY_NAME_MAX = 100;
export const COMMUNITY_DESCRIPTION_MAX = 2000;
export const PHONE_PREFIX = "+995";
export const PHONE_DIGITS = 9;
export const VIDEO_URL_MAX = 300;
export const AUDIENCE_TAG_MAX = 60;
export const AUDIENCE_TAGS_MAX = 20;
/** Lari. */
export const PRICE_MAX = 100_000;
export const TOPIC_NAME_MAX = 40;
export const SEARCH_TEXT_MAX = 100;
/** Search: hits per kind in the grouped answer (the header asks for fewer), and the per-kind pages. */
export const SEARCH_GROUP_SIZE = 5;
export const SEARCH_GROUP_MAX = 10;
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_PAGE_MAX = 50;
/**
 * How many of the newest matches of one kind are ranked (and so how far the /search page can page).
 * A word in nearly every post would otherwise make each search rank the whole community: this keeps
 * the work of one search the same however large the community grows.
 */
export const SEARCH_RANKED_MAX = 50;
export const EXPLORE_PAGE_SIZE = 12;
export const EXPLORE_PAGE_MAX = 48;
export const MEMBERS_PAGE_SIZE = 30;
export const MEMBERS_PAGE_MAX = 100;

// Leaderboards and levels.
export const LEVEL_NAME_MAX = 30;
/** The leaderboard shows the top 50 (spec 001 section 9), and the viewer's own row below it. */
export const LEADERBOARD_SIZE = 50;
export const POINTS_HISTORY_PAGE_SIZE = 20;
export const POINTS_HISTORY_PAGE_MAX = 50;

// Moderation and review.
export const REVIEW_REASON_MAX = 1000;
/** The reason a member is given when removed or banned. */
export const MEMBER_ACTION_REASON_MAX = 500;
/** A private community's membership questions: how many, and how long a question and an answer may be. */
export const MEMBERSHIP_QUESTIONS_MAX = 3;
export const MEMBERSHIP_QUESTION_MAX = 200;
export const MEMBERSHIP_ANSWER_MAX = 500;
export const REVIEW_PAGE_SIZE = 20;
export const REVIEW_PAGE_MAX = 50;
export const REPORTS_PAGE_SIZE = 50;
export const REPORTS_PAGE_MAX = 100;

// Notifications and conversations.
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_MAX = 50;
export const CONVERSATIONS_PAGE_SIZE = 50;
export const CONVERSATIONS_PAGE_MAX = 100;

// Messaging (spec 001 section 9: history pages of 50; 002: new-chat lists of 100 members and 50 others).
export const MESSAGE_MAX = 4000;
export const MESSAGES_PAGE_SIZE = 50;
export const MESSAGES_PAGE_MAX = 100;
/** Changes one catch-up read returns; a client further behind reads on from `nextAfter`. */
export const MESSAGES_CATCH_UP_MAX = 200;
export const GROUP_NAME_MAX = 80;
export const GROUP_DESCRIPTION_MAX = 300;
export const GROUP_CHATS_MAX = 100;
export const NEW_CHAT_MEMBERS_MAX = 100;
export const NEW_CHAT_OTHERS_MAX = 50;
export const PEOPLE_QUERY_MAX = 100;
/** "Who reacted": the names a reaction carries (its count is exact). */
export const REACTION_USERS_MAX = 25;
/** Participants a conversation's header and read marks list (a direct chat has two). */
export const CONVERSATION_PARTICIPANTS_MAX = 50;

// Creates a client may retry: its Idempotency-Key (a UUID fits).
export const IDEMPOTENCY_KEY_MAX = 64;

// Accounts.
export const USER_NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Tokens of the e-mailed links: reset tokens are short random ids, verification tokens signed JWTs. */
export const RESET_TOKEN_MAX = 200;
export const VERIFY_TOKEN_MAX = 1000;
/** Where an e-mailed link leads after it did its work: a path on this site. */
export const CALLBACK_PATH_MAX = 500;
/** A deletion request waits this long before the purge; the person may cancel it until then. */
export const ACCOUNT_DELETION_DELAY_DAYS = 30;
export const ACCOUNT_DELETION_REASON_MAX = 500;

// Uploads: browsers resize before upload; the server still checks every file.
export const UPLOAD_MAX_BYTES = MAX_COMMUNITY_IMAGE_BYTES;
export const uploadLimits: Record<UploadPurpose, { maxBytes: number }> = {
  community_image: { maxBytes: MAX_COMMUNITY_IMAGE_BYTES },
  post_image: { maxBytes: UPLOAD_MAX_BYTES },
  avatar: { maxBytes: UPLOAD_MAX_BYTES },
  cover: { maxBytes: UPLOAD_MAX_BYTES },
  event_image: { maxBytes: UPLOAD_MAX_BYTES },
  course_image: { maxBytes: UPLOAD_MAX_BYTES },
  chat_attachment: { maxBytes: UPLOAD_MAX_BYTES },
};
/**
 * The largest image the server stores: twice the side the browser resizes to before upload
 * (web/lib/images/resize.ts), so only a file that skipped the app's own pipeline comes near it, and a
 * small file that would decode to a huge bitmap (a decompression bomb) never does.
 */
export const MAX_SIDE = 4096;
export const MAX_PIXELS = 16_000_000;
/**
 * An animation's canvas times its frames: what every viewer's browser decodes in a loop. 64 million is
 * 100 frames of 800×800, far past any sticker or short clip, and under a fifteenth of the 2.8 MB GIF of
 * 960 million pixels a size cap alone let through.
 */
export const MAX_ANIMATION_PIXELS = 64_000_000;

// Classroom (spec 001 section 5): a course page and its lessons read in one round trip, whole.
export const COURSE_TITLE_MAX = 100;
export const COURSE_DESCRIPTION_MAX = 2000;
export const COURSES_MAX = 100;
export const LESSON_TITLE_MAX = 100;
export const LESSON_DESCRIPTION_MAX = 5000;
export const LESSON_URL_MAX = 500;
export const LESSONS_MAX = 200;
/** Ten hours, in seconds. */
export const LESSON_DURATION_MAX = 10 * 60 * 60;

// Calendar (spec 001 section 5): the event list reads in one round trip, at most this many events.
export const EVENT_NAME_MAX = 100;
export const EVENT_DESCRIPTION_MAX = 2000;
export const EVENT_LOCATION_MAX = 200;
export const EVENT_URL_MAX = 500;
export const EVENTS_LIST_MAX = 200;
/** An event lasts at most two weeks. */
export const EVENT_LENGTH_MAX = 14 * 24 * 60 * 60 * 1000;
/** Attendees shown on a card beside the count. */
export const EVENT_AVATARS = 5;
/** The default length of an event: one hour (spec 001 section 9). */
export const EVENT_DEFAULT_LENGTH = 60 * 60 * 1000;

// Profiles (spec 001 sections 5 and 9).
export const BIO_MAX = 200;
export const PROFESSION_MAX = 100;
export const LOCATION_MAX = 200;
export const WEBSITE_MAX = 300;
/** Recent Activity shows 5; 'View All Activity' pages through the rest. */
export const PROFILE_ACTIVITY_PREVIEW = 5;
export const ACTIVITY_PAGE_SIZE = 20;
export const ACTIVITY_PAGE_MAX = 50;
/** Activity text is cut here and '...' added. */
export const ACTIVITY_TEXT_MAX = 150;
/** Location suggestions start at 3 characters and answer up to 5 places. */
export const PLACE_QUERY_MIN = 3;
export const PLACE_QUERY_MAX = 100;
export const PLACE_RESULTS = 5;
// Support tickets (spec 001 "Help and support").
export const TICKET_SUBJECT_MAX = 200;
export const TICKET_MESSAGE_MAX = 5000;
export const TICKETS_PAGE_SIZE = 20;
export const TICKETS_PAGE_MAX = 50;
/** Replies a ticket's thread answers at once; a longer thread is a conversation for e-mail, not a ticket. */
export const TICKET_REPLIES_MAX = 200;
// Invitations: links a community keeps (revoked ones included), their lifetime and uses, and the
// people one search offers to invite.
export const INVITE_LINKS_MAX = 50;
export const INVITE_LINK_DAYS_MAX = 365;
export const INVITE_LINK_USES_MAX = 10_000;
export const INVITE_CANDIDATES_MAX = 20;
/** Invitations by name one person may send in the rate limit's window. */
export const INVITATIONS_PER_HOUR = 50;

/** A community broadcast's subject and message, in characters. */
export const BROADCAST_SUBJECT_MAX = 150;
export const BROADCAST_BODY_MAX = 10_000;
/** One broadcast per community in this window (Skool's rule). */
export const BROADCAST_INTERVAL_MS = 72 * 60 * 60 * 1000;
