import type { Route } from "../common/contract";
import type { PartyName } from "../common/realtime-protocol";

/**
 * Who may call what: the answer every API route and every realtime room owes each kind of caller,
 * written from the rules (DESIGN.md section 4, worker/lib/permissions.ts), not recorded from the code.
 * worker/authorization-matrix.test.ts calls every route as every caller and compares, so a route whose
 * answers drift from these rules fails, and so does a route that is not listed here.
 *
 * Format: `table["METHOD /path"]` maps each scope the route is tried in to a row, and a row gives the
 * HTTP status each caller gets (101 for an accepted WebSocket upgrade). Rows are built from the rules:
 * `signedIn(404).but(200, ...readers)` reads "guests get 401, readers 200, everyone else 404".
 * Conventions: 401 for guests on signed-in routes; 404 for an object the caller may not see (no
 * existence leaks); 403 when the object is visible but the action is not allowed.
 *
 * Scopes (what the route's ids point at; the world is built in authorization-matrix.world.ts):
 * - any:    nothing of a community (health, the caller's own account, global lists).
 * - home:   the approved community the callers hold their roles in, and its objects (written by
 *           `author`); for notifications, the caller's own notification.
 * - away:   an approved community of strangers that no caller belongs to, and its objects; for
 *           notifications, a stranger's notification; for the user room, a stranger's room.
 * - review: the home community while it is under review (visible to its owner and staff only).
 * - cross:  the home community in the path with an object (topic, report, member) of the away one.
 *
 * Adding a route: add it to the contract (common/contract), give it an entry here with the scopes it
 * applies to, and a valid request in authorization-matrix.requests.ts. Until both exist the matrix
 * test fails, and so does an entry here whose route no longer exists.
 */

export const callers = [
  "guest",
  /** Signed in, member of nothing the route touches. */
  "outsider",
  /** A plain member of home. */
  "member",
  /** A plain member of home who wrote its post and comment, and who blocked `blocked`. */
  "author",
  "moderator",
  "admin",
  /** The creator of home (stored as admin). */
  "owner",
  /** Platform staff (users.platform_role), member of nothing. */
  "staff",
  /** A plain member of home whom `author` blocked. */
  "blocked",
  /** Was a member of home and was removed. */
  "removed",
  /** Was a member of home and was banned from it. */
  "banned",
  /** Asked to join home; the request waits. */
  "requested",
  /** A member of home (which sells a monthly membership) whose paid access ended yesterday. */
  "lapsed",
  /** A plain member of home whose account deletion is pending (they keep access until the purge). */
  "pendingDeletion",
] as const;
export type Caller = (typeof callers)[number];
export type SignedIn = Exclude<Caller, "guest">;

export const scopes = ["any", "home", "away", "review", "cross"] as const;
export type Scope = (typeof scopes)[number];

/** What each caller gets, with `but` to set the answer of some of them. */
export class Row {
  constructor(readonly statuses: Readonly<Record<Caller, number>>) {}

  but(status: number, ...who: readonly Caller[]): Row {
    return new Row({ ...this.statuses, ...Object.fromEntries(who.map((caller) => [caller, status])) });
  }
}

const everyone = (status: number) =>
  new Row(Object.fromEntries(callers.map((caller) => [caller, status])) as Record<Caller, number>);
/** Guests get 401, everyone else `status`. */
const signedIn = (status: number) => everyone(status).but(401, "guest");
/** The staff console: staff only, 404 for everyone else (it does not exist for them). */
const staffOnly = (status: number) => signedIn(404).but(status, "staff");

/** Members of home (with access while it is approved). */
const members = ["member", "author", "moderator", "admin", "owner", "blocked", "pendingDeletion"] as const;
/** Members who see the author's post and comment (everyone but the one the author blocked). */
const readers = members.filter((caller) => caller !== "blocked");
const moderators = ["moderator", "admin", "owner"] as const;
const managers = ["admin", "owner"] as const;
/** Members below moderator. */
const plainMembers = ["member", "author", "blocked", "pendingDeletion"] as const;

export type Entry = Partial<Record<Scope, Row>>;

/** The requests to join a community: its moderators, admins and owner. */
const requestQueue = (status: number): Entry => ({
  home: signedIn(404)
    .but(403, ...plainMembers)
    .but(status, ...moderators),
  away: signedIn(404),
  review: signedIn(404).but(status, "owner"),
});
/** Deciding one request: as the queue, and a request of another community is 404. */
const requestDecision = (status: number): Entry => ({
  ...requestQueue(status),
  cross: signedIn(404).but(403, ...plainMembers),
});

/** Removing or banning home's plain member (`member`): see the table's entries. */
const memberAction: Entry = {
  home: signedIn(404)
    .but(403, ...plainMembers)
    .but(409, "member")
    .but(200, ...moderators),
  away: signedIn(404),
  review: signedIn(404).but(200, "owner"),
  cross: signedIn(404),
};

/** Members-only reads and writes of a community (feed, members, topics, ...). */
const membersOnly = (status: number): Entry => ({
  home: signedIn(404).but(status, ...members),
  away: signedIn(404),
  review: signedIn(404).but(status, "owner"),
});

/** What only the owner and admins see and do (metrics, broadcasts), and staff in any community. */
const manageOnly = (status: number): Entry => ({
  home: signedIn(404)
    .but(403, ...plainMembers, "moderator")
    .but(status, ...managers, "staff"),
  away: signedIn(404).but(status, "staff"),
  review: signedIn(404).but(status, "owner", "staff"),
});

/** Changes to a community, whose page is public: 403 where it is visible, 404 where it is not. */
const communityChange = (status: number, allowed: readonly Caller[]): Entry => ({
  home: signedIn(403).but(status, ...allowed),
  away: signedIn(403),
  review: signedIn(404)
    .but(403, "staff")
    .but(status, ...allowed.filter((caller) => caller === "owner")),
});

/** Topic changes: the owner and admins, in the community the topic belongs to. */
const topicChange = (status: number): Entry => ({
  ...communityChange(status, managers),
  cross: signedIn(403).but(404, ...managers),
});

/** Changes to the author's post or comment: blocked sees nothing of them, so 404. */
const authorObject = (allowed: readonly Caller[], status = 200): Entry => ({
  home: signedIn(404)
    .but(403, ...readers)
    .but(status, ...allowed),
  away: signedIn(404),
});

/** Reading (or liking, reporting, answering) the author's post or comment. */
const readable = (status: number): Entry => ({ home: signedIn(404).but(status, ...readers), away: signedIn(404) });

/** A community's report queue: its moderators, admins and owner. */
const reportQueue: Entry = {
  home: signedIn(404)
    .but(403, ...plainMembers)
    .but(200, ...moderators),
  away: signedIn(404),
  review: signedIn(404).but(200, "owner"),
};

/** A group chat of home's members (every member sits in it), and strangers' chat away. */
const chat = (status: number): Entry => ({ home: signedIn(404).but(status, ...members), away: signedIn(404) });

/** Renaming or removing a group chat: the owner and admins of its community. */
const chatManagement: Entry = {
  home: signedIn(404)
    .but(403, ...members)
    .but(200, ...managers),
  away: signedIn(404),
};
/** Courses, lessons and events: the owner and admins; plain members and moderators see them (403), others do not (404). */
const managerChange = (status: number): Entry => ({
  home: signedIn(404)
    .but(403, ...plainMembers, "moderator")
    .but(status, ...managers),
  away: signedIn(404),
  review: signedIn(404).but(status, "owner"),
});

/** Review decisions: staff only, on any community (its status is set to what the decision starts from). */
const reviewDecision: Entry = { home: staffOnly(200), away: staffOnly(200) };

/**
 * /api/auth/*: better-auth behind our front door, open to everyone. Kept apart because these routes
 * are being reworked; a guest and a signed-in caller get the same answers.
 */
export const authTable = {
  "POST /api/auth/sign-up/email": { any: everyone(200) },
  "POST /api/auth/sign-in/email": { any: everyone(200) },
  "POST /api/auth/sign-out": { any: everyone(200) },
  "POST /api/auth/request-password-reset": { any: everyone(200) },
  "POST /api/auth/reset-password": { any: everyone(200) },
  "GET /api/auth/verify-email": { any: everyone(302) },
  "GET /api/auth/reset-password/:token": { any: everyone(302) },
  // The signed-in account's own password and address: every signed-in caller alike, guests 401.
  "POST /api/auth/change-password": { any: signedIn(200) },
  "POST /api/auth/change-email": { any: signedIn(200) },
} satisfies { [R in Route]?: Entry };

export const apiTable = {
  "GET /api/health": { any: everyone(200) },
  "GET /api/health/db": { any: everyone(200) },

  "GET /api/me": { any: everyone(200) },
  "GET /api/me/communities": { any: signedIn(200) },
  "PATCH /api/me/preferences": { any: signedIn(200) },
  "GET /api/me/blocks": { any: signedIn(200) },
  "PUT /api/users/:userId/block": { any: signedIn(200) },
  "DELETE /api/users/:userId/block": { any: signedIn(200) },
  "GET /api/me/profile": { any: signedIn(200) },
  "PATCH /api/me/profile": { any: signedIn(200) },
  // The author's profile: everyone signed in sees it, except the one the author blocked (no existence leak).
  "GET /api/users/:userId/profile": { any: signedIn(200).but(404, "blocked") },
  "GET /api/users/:userId/activity": { any: signedIn(200).but(404, "blocked") },
  "GET /api/places": { any: signedIn(200) },

  // The caller's own account; another person's session is not there for them (404).
  "GET /api/account/sessions": { any: signedIn(200) },
  "DELETE /api/account/sessions/:sessionId": { home: signedIn(200), away: signedIn(404) },
  "POST /api/account/sessions/sign-out-others": { any: signedIn(200) },
  "GET /api/account/deletion": { any: signedIn(200) },
  "POST /api/account/deletion": { any: signedIn(200) },
  "DELETE /api/account/deletion": { any: signedIn(200) },
  "GET /api/account/export": { any: signedIn(200) },

  "GET /api/communities": { any: everyone(200) },
  "POST /api/communities": { any: signedIn(201) },
  "GET /api/communities/:id": { home: everyone(200), away: everyone(200), review: everyone(404).but(200, "owner", "staff") },
  "PATCH /api/communities/:id": communityChange(200, managers),
  // Members are already in (409), banned people may not (403); a waiting request does not stop a join of
  // a public community; the review-scope community is visible to its owner and staff, open to no one.
  "POST /api/communities/:id/join": {
    home: signedIn(409).but(200, "outsider", "removed", "staff", "requested").but(403, "banned"),
    away: signedIn(200),
    review: signedIn(404).but(409, "owner", "staff"),
  },
  "POST /api/communities/:id/archive": communityChange(200, ["owner"]),
  "POST /api/communities/:id/unarchive": communityChange(200, ["owner"]),
  "PATCH /api/communities/:id/members/:userId": {
    ...communityChange(200, ["owner"]),
    cross: signedIn(403).but(404, "owner"),
  },
  // Taking out home's plain member: moderators and above; other members 403, and the member themselves
  // a conflict (they leave instead). Only members reach the member at all: everyone else 404.
  "POST /api/communities/:id/members/:userId/remove": memberAction,
  "POST /api/communities/:id/members/:userId/ban": memberAction,
  "GET /api/communities/:id/bans": {
    home: signedIn(404)
      .but(403, ...plainMembers, "moderator")
      .but(200, ...managers),
    away: signedIn(404),
    review: signedIn(404).but(200, "owner"),
  },
  // Lifting a ban the community holds on someone: the owner and admins.
  "DELETE /api/communities/:id/bans/:userId": {
    home: signedIn(404)
      .but(403, ...plainMembers, "moderator")
      .but(200, ...managers),
    away: signedIn(404),
    review: signedIn(404).but(200, "owner"),
  },
  // Asking to join: home and away are public (join them directly), members are in already; under review
  // only its owner and staff see it, and it is open to nobody.
  "POST /api/communities/:id/requests": {
    home: signedIn(409).but(403, "banned"),
    away: signedIn(409),
    review: signedIn(404).but(409, "owner", "staff"),
  },
  "PATCH /api/communities/:id/join-settings": communityChange(200, managers),
  // The request queue and its answers: moderators and up.
  "GET /api/communities/:id/requests": requestQueue(200),
  "POST /api/communities/:id/requests/:requestId/approve": requestDecision(200),
  "POST /api/communities/:id/requests/:requestId/decline": requestDecision(200),
  // Anyone with a membership may leave (a lapsed one too), whatever the community's state; the owner cannot.
  "POST /api/communities/:id/leave": {
    home: signedIn(404)
      .but(200, ...members, "lapsed")
      .but(409, "owner"),
    away: signedIn(404),
    review: signedIn(404)
      .but(200, ...members, "lapsed")
      .but(409, "owner"),
  },
  // Inviting: the owner and admins of a listed community; home has invited every caller by name.
  "GET /api/communities/:id/invite-candidates": communityChange(200, managers),
  "POST /api/communities/:id/invitations": {
    ...communityChange(201, managers),
    review: signedIn(404).but(403, "staff").but(409, "owner"),
  },
  // Answering one's own invitation: members are already in (the answer is "joined"); staff may not join
  // a community under review (409); away has invited only its own owner.
  "POST /api/communities/:id/invitation/accept": {
    home: signedIn(200).but(403, "banned"),
    away: signedIn(404),
    review: signedIn(404).but(200, "owner").but(409, "staff"),
  },
  // Declining touches only the caller's own invitation, which tells them nothing they were not told.
  "POST /api/communities/:id/invitation/decline": { home: signedIn(200), away: signedIn(404), review: signedIn(200) },
  "GET /api/communities/:id/invite-links": communityChange(200, managers),
  "POST /api/communities/:id/invite-links": {
    ...communityChange(201, managers),
    review: signedIn(404).but(403, "staff").but(409, "owner"),
  },
  "DELETE /api/communities/:id/invite-links/:linkId": {
    ...communityChange(200, managers),
    cross: signedIn(403).but(404, ...managers),
  },
  // An invite link opens the community's page for whoever holds it, and joins like the join button.
  "GET /api/invites/:token": { home: everyone(200), away: everyone(200), review: everyone(404).but(200, "owner", "staff") },
  "POST /api/invites/:token/join": {
    home: signedIn(409).but(200, "outsider", "removed", "staff", "requested").but(403, "banned"),
    away: signedIn(200),
    review: signedIn(404).but(409, "owner", "staff"),
  },
  "GET /api/communities/:id/topics": membersOnly(200),
  "POST /api/communities/:id/topics": communityChange(201, managers),
  "PATCH /api/communities/:id/topics/:topicId": topicChange(200),
  "DELETE /api/communities/:id/topics/:topicId": topicChange(200),

  "GET /api/communities/:id/posts": membersOnly(200),
  "POST /api/communities/:id/posts": membersOnly(201),
  "GET /api/communities/:id/mention-candidates": membersOnly(200),
  "GET /api/communities/:id/stats": membersOnly(200),
  "GET /api/communities/:id/members": membersOnly(200),
  "GET /api/communities/:id/levels": membersOnly(200),
  "PUT /api/communities/:id/levels": communityChange(200, managers),
  "GET /api/communities/:id/leaderboard": membersOnly(200),
  // Metrics: the owner and admins, and staff for any community.
  "GET /api/communities/:id/metrics": {
    home: signedIn(404)
      .but(403, ...plainMembers, "moderator")
      .but(200, ...managers, "staff"),
    away: signedIn(404).but(200, "staff"),
    review: signedIn(404).but(200, "owner", "staff"),
  },
  // Broadcasts: like the metrics, the owner and admins, and staff for any community.
  "GET /api/communities/:id/broadcasts": manageOnly(200),
  "GET /api/communities/:id/broadcasts/audience": manageOnly(200),
  "POST /api/communities/:id/broadcasts/preview": manageOnly(200),
  "POST /api/communities/:id/broadcasts": manageOnly(201),
  "GET /api/communities/:id/points": membersOnly(200),
  // Search answers non-members with no results rather than 404; the leak scan checks they are empty.
  "GET /api/search": { home: signedIn(200), away: signedIn(200), review: signedIn(200) },
  "GET /api/search/:kind": { home: signedIn(200), away: signedIn(200), review: signedIn(200) },

  "GET /api/posts/:postId": readable(200),
  "PATCH /api/posts/:postId": authorObject(["author"]),
  "DELETE /api/posts/:postId": authorObject(["author", ...moderators]),
  "POST /api/posts/:postId/like": readable(200),
  "PUT /api/posts/:postId/poll/vote": readable(200),
  // Who voted what: the post's author and the community's admins; other readers see counts only.
  "GET /api/posts/:postId/poll/voters": authorObject(["author", ...managers]),
  "DELETE /api/posts/:postId/like": readable(200),
  "POST /api/posts/:postId/pin": authorObject(managers),
  "DELETE /api/posts/:postId/pin": authorObject(managers),
  "POST /api/posts/:postId/report": readable(201),
  "GET /api/posts/:postId/comments": readable(200),
  "POST /api/posts/:postId/comments": readable(201),
  "GET /api/comments/:commentId/replies": readable(200),
  "DELETE /api/comments/:commentId": authorObject(["author", ...moderators]),
  "POST /api/comments/:commentId/like": readable(200),
  "DELETE /api/comments/:commentId/like": readable(200),
  "POST /api/comments/:commentId/report": readable(201),

  "GET /api/communities/:id/courses": membersOnly(200),
  "POST /api/communities/:id/courses": managerChange(201),
  "PUT /api/communities/:id/courses/order": managerChange(200),
  "GET /api/courses/:courseId": membersOnly(200),
  "PATCH /api/courses/:courseId": managerChange(200),
  "DELETE /api/courses/:courseId": managerChange(200),
  "POST /api/courses/:courseId/enroll": membersOnly(200),
  "POST /api/courses/:courseId/videos": managerChange(201),
  "PUT /api/courses/:courseId/videos/order": managerChange(200),
  "GET /api/videos/:videoId": membersOnly(200),
  "DELETE /api/videos/:videoId": managerChange(200),
  // Every member of the world is enrolled in its course, so progress is theirs to save.
  "POST /api/videos/:videoId/complete": membersOnly(200),
  "PUT /api/videos/:videoId/position": membersOnly(200),

  "GET /api/communities/:id/events": membersOnly(200),
  "POST /api/communities/:id/events": managerChange(201),
  "POST /api/events/:eventId/attend": membersOnly(200),
  "DELETE /api/events/:eventId/attend": membersOnly(200),
  "GET /api/me/calendar-feed": { any: signedIn(200) },
  "POST /api/me/calendar-feed": { any: signedIn(200) },
  "DELETE /api/me/calendar-feed": { any: signedIn(200) },

  "GET /api/communities/:id/reports": reportQueue,
  "POST /api/communities/:id/reports/:reportId/:decision": {
    ...reportQueue,
    cross: signedIn(404).but(403, ...plainMembers),
  },
  "GET /api/admin/reports": { any: staffOnly(200) },
  "POST /api/admin/reports/:reportId/:decision": { home: staffOnly(200), away: staffOnly(200) },

  "GET /api/admin/communities": { any: staffOnly(200) },
  "POST /api/admin/communities/:id/approve": reviewDecision,
  "POST /api/admin/communities/:id/reject": reviewDecision,
  "POST /api/admin/communities/:id/suspend": reviewDecision,
  "POST /api/admin/communities/:id/restore": reviewDecision,
  "GET /api/admin/community-edits": { any: staffOnly(200) },
  "POST /api/admin/communities/:id/edit/approve": reviewDecision,
  "POST /api/admin/communities/:id/edit/reject": reviewDecision,

  // Tickets are their sender's alone (home = the caller's, away = a stranger's); staff answer from the queue.
  "GET /api/support/contact": { any: everyone(200) },
  "POST /api/support/tickets": { any: signedIn(201) },
  "GET /api/support/tickets": { any: signedIn(200) },
  "GET /api/support/tickets/:id": { home: signedIn(200), away: signedIn(404) },
  "POST /api/support/tickets/:id/replies": { home: signedIn(201), away: signedIn(404) },
  "GET /api/admin/tickets": { any: staffOnly(200) },
  "GET /api/admin/tickets/:id": { any: staffOnly(200) },
  "POST /api/admin/tickets/:id/replies": { any: staffOnly(201) },
  "PATCH /api/admin/tickets/:id": { any: staffOnly(200) },

  "GET /api/notifications": { any: signedIn(200) },
  "GET /api/notifications/unread-count": { any: signedIn(200) },
  "POST /api/notifications/read-all": { any: signedIn(200) },
  "POST /api/notifications/:id/read": { home: signedIn(200), away: signedIn(404) },
  "GET /api/notifications/preferences": { any: signedIn(200) },
  "PATCH /api/notifications/preferences": { any: signedIn(200) },
  // The signed token is the only credential: it works for anyone holding the mail, signed in or not.
  "POST /api/notifications/unsubscribe": { any: everyone(200) },

  "GET /api/conversations": { any: signedIn(200) },
  "GET /api/conversations/unread-count": { any: signedIn(200) },
  "GET /api/conversations/people": { any: signedIn(200) },
  "POST /api/conversations/direct": { any: signedIn(200) },
  // The home group chat: every member of home sits in it; away's is a chat of strangers.
  "GET /api/conversations/:conversationId": chat(200),
  "GET /api/conversations/:conversationId/messages": chat(200),
  // A block hides messages in a group; it does not stop anyone writing to the group.
  "POST /api/conversations/:conversationId/messages": chat(201),
  "POST /api/conversations/:conversationId/read": chat(200),
  "PATCH /api/conversations/:conversationId": chatManagement,
  "DELETE /api/conversations/:conversationId": chatManagement,
  "POST /api/conversations/:conversationId/join": chat(200),
  "POST /api/conversations/:conversationId/leave": chat(200),
  // The author's message: `blocked` does not see it (404); only the author edits or deletes it.
  "PATCH /api/messages/:messageId": authorObject(["author"]),
  "DELETE /api/messages/:messageId": authorObject(["author"]),
  "POST /api/messages/:messageId/reactions": readable(200),
  "POST /api/messages/:messageId/report": {
    home: signedIn(404)
      .but(201, ...readers)
      .but(400, "author"),
    away: signedIn(404),
  },
  "GET /api/communities/:communityId/group-chats": membersOnly(200),
  "POST /api/communities/:communityId/group-chats": {
    home: signedIn(404)
      .but(403, ...members)
      .but(201, ...managers),
    away: signedIn(404),
    review: signedIn(404).but(201, "owner"),
  },

  "POST /api/uploads": { any: signedIn(201) },

  // Paying to join: whoever can see a listed paid community and is not in it yet; members are in (409), banned people may not (403), a lapsed member pays again;
  // under review it is visible to its owner (a member) and staff, and open to no one.
  "POST /api/payments/join": {
    home: signedIn(409).but(200, "outsider", "removed", "staff", "requested", "lapsed").but(403, "banned"),
    away: signedIn(200),
    review: signedIn(404).but(409, "owner", "staff"),
  },
  // A creator plan: the owner only; visible communities answer 403 to everyone else.
  "POST /api/payments/plan": {
    home: signedIn(403).but(200, "owner"),
    away: signedIn(403),
    review: signedIn(404).but(403, "staff").but(200, "owner"),
  },
  // Orders, cards and subscriptions are their owner's alone: home = the caller's, away = a stranger's.
  "GET /api/payments/orders/:id": { home: signedIn(200), away: signedIn(404) },
  "GET /api/payments/methods": { any: signedIn(200) },
  "POST /api/payments/methods": { any: signedIn(200) },
  "POST /api/payments/methods/:id/default": { home: signedIn(200), away: signedIn(404) },
  "DELETE /api/payments/methods/:id": { home: signedIn(200), away: signedIn(404) },
  "GET /api/payments/subscriptions": { any: signedIn(200) },
  "POST /api/payments/subscriptions/:id/cancel": { home: signedIn(200), away: signedIn(404) },
  "POST /api/payments/subscriptions/:id/resubscribe": { home: signedIn(200), away: signedIn(404) },
  // Receipts are their payer's alone. A community's payments: its owner, admins and staff see them,
  // and only the owner and staff refund; a visible community answers 403 to everyone else.
  "GET /api/payments/receipts": { any: signedIn(200) },
  "GET /api/payments/receipts/:id": { home: signedIn(200), away: signedIn(404) },
  "GET /api/payments/communities/:id": {
    home: signedIn(403).but(200, ...managers, "staff"),
    away: signedIn(403).but(200, "staff"),
    review: signedIn(404).but(200, "owner", "staff"),
  },
  "POST /api/payments/orders/:id/refund": {
    home: signedIn(403).but(200, "owner", "staff"),
    away: signedIn(403).but(200, "staff"),
  },
} satisfies { [R in Route]?: Entry };

export const table: Record<string, Entry> = { ...authTable, ...apiTable };

/**
 * The WebSocket upgrades of /parties/:party/:room: community rooms for members, conversation rooms for
 * participants (home: a group chat of home's members; away: strangers' direct chat), user rooms for
 * their own user (home: the caller's own; away: a stranger's). Refusals are 404, guests 401.
 */
export const roomTable: Record<PartyName, Entry> = {
  "community-room": {
    home: signedIn(404).but(101, ...members),
    away: signedIn(404),
    review: signedIn(404).but(101, "owner"),
  },
  "conversation-room": { home: signedIn(404).but(101, ...members), away: signedIn(404) },
  "user-room": { home: signedIn(101), away: signedIn(404) },
};
