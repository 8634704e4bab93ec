import { env } from "cloudflare:workers";
import type { Route } from "../common/contract";
import { newId } from "../common/ids";
import type { ReviewStatus } from "../common/contract/enums";
import { createUser, TEST_PASSWORD } from "../tests/factories";
import { pngFile } from "../tests/images";
import { insertOrder, insertReceipt, insertSavedCard, insertSubscription, makePaid, paidOrder } from "../tests/payments";
import { insertBan, insertPendingEdit, insertPendingRequest } from "../tests/memberships";
import { insertTicket } from "../tests/support";
import type { Caller, Scope } from "./authorization-matrix.table";
import { pollOptionId } from "./authorization-matrix.world";
import { unsubscribeToken } from "./lib/unsubscribe-token";
import {
  extraSession,
  extraSessionId,
  throwawayResetToken,
  type CommunityWorld,
  type People,
  type Person,
} from "./authorization-matrix.world";

/**
 * A valid request for every route of the matrix, so that authorization, not validation, decides the
 * answer. `fresh` routes change what the next call would see (membership, status, deletions), so each
 * of their calls gets communities of its own, created with the given status.
 */

export type RequestContext = {
  /** A caller of the table, or the away community's owner (the control that away's ids are right). */
  caller: Caller | "stranger";
  scope: Scope;
  /** The caller's account (null for guests). */
  me: Person | null;
  people: People;
  /** The community in the path: home (also for review and cross) or away. */
  community: CommunityWorld;
  /** The community whose objects the ids name: the same one, except away's in the cross scope. */
  target: CommunityWorld;
  /** Unique per call, for names that must not collide. */
  unique: string;
  /** An account with a password, for signing in. */
  account: { email: string; password: string };
};

export type Request = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A raw body (uploads send the image itself). */
  raw?: { bytes: Uint8Array; contentType: string };
  /** Another cookie than the caller's session (sign-out ends the session it is sent with). */
  cookie?: string;
  headers?: Record<string, string>;
};

export type RequestSpec = {
  /** `paid: false`: a free home (home sells a membership otherwise, see the world). */
  fresh?: { status?: ReviewStatus; archived?: boolean; paid?: boolean };
  build: (ctx: RequestContext) => Request | Promise<Request>;
};

const community = (ctx: RequestContext) => ({ id: ctx.community.id });

/** A pending request to join the community from someone new, for the approve and decline routes. */
const pendingRequest = async (communityId: string) => insertPendingRequest(communityId, (await createUser()).user.id);
const post = (ctx: RequestContext) => ({ postId: ctx.target.postId });
const comment = (ctx: RequestContext) => ({ commentId: ctx.target.commentId });
const topic = (ctx: RequestContext) => ({ id: ctx.community.id, topicId: ctx.target.topicId });
const course = (ctx: RequestContext) => ({ courseId: ctx.target.courseId });
const video = (ctx: RequestContext) => ({ videoId: ctx.target.videoId });
const none = (): Request => ({});
const chat = (ctx: RequestContext) => ({ conversationId: ctx.target.chatId });
const message = (ctx: RequestContext) => ({ messageId: ctx.target.messageId });

/** Payments' own objects: the caller's in home, a stranger's in away (and for guests). */
const ownerOf = (ctx: RequestContext) => (ctx.scope === "home" && ctx.me ? ctx.me.id : ctx.people.stranger.id);

const savedCard = (ctx: RequestContext) => insertSavedCard(ownerOf(ctx));
const subscriptionOf = (ctx: RequestContext, status: "active" | "cancelled") =>
  insertSubscription(ownerOf(ctx), ctx.community.id, status);
const orderOf = (ctx: RequestContext) => insertOrder(ownerOf(ctx), ctx.community.id);
const ticketOf = async (ctx: RequestContext) => ({ id: await insertTicket(ownerOf(ctx)) });
const strangersTicket = async (ctx: RequestContext) => ({ id: await insertTicket(ctx.people.stranger.id) });

const approvingCard = { number: "4444555511116666", expiry: "12/39", cvv: "123", holder: "Matrix Payer" };
const reviewDecision = (status: ReviewStatus, body: object = {}): RequestSpec => ({
  fresh: { status },
  build: (ctx) => ({ params: community(ctx), body }),
});

/** A fresh community with a change waiting for review (the version is the body's `submittedAt`). */
const editDecision = (body: object = {}): RequestSpec => ({
  fresh: {},
  build: async (ctx) => {
    const submittedAt = await insertPendingEdit(ctx.community.id, { name: `Renamed ${ctx.unique}` });
    return { params: community(ctx), body: { submittedAt, ...body } };
  },
});

export const requests = {
  "POST /api/auth/sign-up/email": {
    build: (ctx) => ({ body: { name: "New Person", email: `signup-${ctx.unique}@matrix.test`, password: TEST_PASSWORD } }),
  },
  // An account per call: parallel sign-ins to one account would meet its failed-attempt back-off.
  "POST /api/auth/sign-in/email": {
    build: async () => {
      const { user, password } = await createUser();
      return { body: { email: user.email, password } };
    },
  },
  "POST /api/auth/sign-out": { build: async (ctx) => ({ cookie: ctx.me ? await extraSession(ctx.me) : undefined }) },
  "POST /api/auth/request-password-reset": { build: (ctx) => ({ body: { email: ctx.account.email } }) },
  "POST /api/auth/reset-password": {
    build: async () => ({ body: { token: await throwawayResetToken(), newPassword: "another-horse-43" } }),
  },

  // The e-mailed links are public: whoever holds the link follows it (a redirect, also for a bad token).
  "GET /api/auth/verify-email": { build: () => ({ query: { token: "not-a-real-token", callbackURL: "/" } }) },
  "GET /api/auth/reset-password/:token": {
    build: async () => ({ params: { token: await throwawayResetToken() }, query: { callbackURL: "/auth/reset-password" } }),
  },

  // A signed-up account of its own per call (with a password), so no caller's sessions or password change.
  "POST /api/auth/change-password": {
    build: async (ctx) => ({
      cookie: ctx.me ? (await createUser()).cookie : undefined,
      body: { currentPassword: TEST_PASSWORD, newPassword: "another-horse-43", confirmPassword: "another-horse-43" },
    }),
  },
  "POST /api/auth/change-email": { build: (ctx) => ({ body: { newEmail: `moved-${ctx.unique}@matrix.test` } }) },

  "GET /api/health": { build: none },
  "GET /api/health/db": { build: none },
  "GET /api/me": { build: none },
  "GET /api/me/communities": { build: none },
  "PATCH /api/me/preferences": { build: () => ({ body: { language: "ka" } }) },

  "GET /api/communities": { build: () => ({ query: { sort: "newest" } }) },
  "POST /api/communities": {
    build: (ctx) => ({
      body: {
        name: `Created ${ctx.unique}`,
        description: "A new community",
        phoneNumber: "+995555123456",
        categoryKey: "technology",
        plan: "free",
      },
    }),
  },
  "GET /api/communities/:id": { build: (ctx) => ({ params: community(ctx) }) },
  "PATCH /api/communities/:id": { build: (ctx) => ({ params: community(ctx), body: { description: `Edited ${ctx.unique}` } }) },
  "POST /api/communities/:id/join": { fresh: { paid: false }, build: (ctx) => ({ params: community(ctx) }) },
  "POST /api/communities/:id/archive": { fresh: {}, build: (ctx) => ({ params: community(ctx) }) },
  "POST /api/communities/:id/unarchive": { fresh: { archived: true }, build: (ctx) => ({ params: community(ctx) }) },
  "PATCH /api/communities/:id/members/:userId": {
    fresh: {},
    build: (ctx) => ({ params: { id: ctx.community.id, userId: ctx.target.plainMemberId }, body: { role: "moderator" } }),
  },
  "POST /api/communities/:id/members/:userId/remove": {
    fresh: {},
    build: (ctx) => ({ params: { id: ctx.community.id, userId: ctx.target.plainMemberId }, body: { reason: "Spam" } }),
  },
  "POST /api/communities/:id/members/:userId/ban": {
    fresh: {},
    build: (ctx) => ({ params: { id: ctx.community.id, userId: ctx.target.plainMemberId }, body: { content: "keep" } }),
  },
  "GET /api/communities/:id/bans": { build: (ctx) => ({ params: community(ctx) }) },
  // Someone new each time, banned from the community in the path.
  "DELETE /api/communities/:id/bans/:userId": {
    build: async (ctx) => {
      const { user } = await createUser();
      await insertBan(ctx.community.id, user.id);
      return { params: { id: ctx.community.id, userId: user.id } };
    },
  },
  // Public stays public: the call changes nothing the other routes see.
  "PATCH /api/communities/:id/join-settings": { build: (ctx) => ({ params: community(ctx), body: { visibility: "public" } }) },
  "POST /api/communities/:id/requests": { build: (ctx) => ({ params: community(ctx), body: { answers: [] } }) },
  "GET /api/communities/:id/requests": { build: (ctx) => ({ params: community(ctx) }) },
  "POST /api/communities/:id/requests/:requestId/approve": {
    build: async (ctx) => ({ params: { id: ctx.community.id, requestId: await pendingRequest(ctx.target.id) } }),
  },
  "POST /api/communities/:id/requests/:requestId/decline": {
    build: async (ctx) => ({ params: { id: ctx.community.id, requestId: await pendingRequest(ctx.target.id) }, body: {} }),
  },
  "POST /api/communities/:id/leave": { fresh: {}, build: (ctx) => ({ params: community(ctx) }) },
  "GET /api/communities/:id/invite-candidates": { build: (ctx) => ({ params: community(ctx), query: { q: "neighbour" } }) },
  // Someone new each time: in no community and invited nowhere.
  "POST /api/communities/:id/invitations": {
    build: async (ctx) => ({ params: community(ctx), body: { userId: (await createUser()).user.id } }),
  },
  "POST /api/communities/:id/invitation/accept": { fresh: {}, build: (ctx) => ({ params: community(ctx) }) },
  "POST /api/communities/:id/invitation/decline": { fresh: {}, build: (ctx) => ({ params: community(ctx) }) },
  "GET /api/communities/:id/invite-links": { build: (ctx) => ({ params: community(ctx) }) },
  "POST /api/communities/:id/invite-links": { build: (ctx) => ({ params: community(ctx), body: { maxUses: 5 } }) },
  "DELETE /api/communities/:id/invite-links/:linkId": {
    build: (ctx) => ({ params: { id: ctx.community.id, linkId: ctx.target.inviteLinkId } }),
  },
  "GET /api/invites/:token": { build: (ctx) => ({ params: { token: ctx.community.inviteToken } }) },
  "POST /api/invites/:token/join": { fresh: { paid: false }, build: (ctx) => ({ params: { token: ctx.community.inviteToken } }) },
  "GET /api/communities/:id/topics": { build: (ctx) => ({ params: community(ctx) }) },
  "POST /api/communities/:id/topics": {
    build: (ctx) => ({ params: community(ctx), body: { name: `New ${ctx.unique}`, color: "#16A34A" } }),
  },
  "PATCH /api/communities/:id/topics/:topicId": {
    build: (ctx) => ({ params: topic(ctx), body: { name: `Renamed ${ctx.unique}`, color: "#16A34A" } }),
  },
  "DELETE /api/communities/:id/topics/:topicId": { fresh: {}, build: (ctx) => ({ params: topic(ctx) }) },

  "GET /api/communities/:id/posts": { build: (ctx) => ({ params: community(ctx) }) },
  "POST /api/communities/:id/posts": { build: (ctx) => ({ params: community(ctx), body: { content: "A new post" } }) },
  "GET /api/communities/:id/mention-candidates": { build: (ctx) => ({ params: community(ctx), query: { q: "" } }) },
  "GET /api/communities/:id/stats": { build: (ctx) => ({ params: community(ctx) }) },
  "GET /api/communities/:id/members": { build: (ctx) => ({ params: community(ctx) }) },
  "GET /api/communities/:id/levels": { build: (ctx) => ({ params: community(ctx) }) },
  "PUT /api/communities/:id/levels": {
    build: (ctx) => ({ params: community(ctx), body: { names: ["Newcomer", "", "", "", "", "", "", "", ""] } }),
  },
  "GET /api/communities/:id/leaderboard": { build: (ctx) => ({ params: community(ctx), query: { period: "week" } }) },
  "GET /api/communities/:id/metrics": { build: (ctx) => ({ params: community(ctx), query: { days: "7" } }) },
  "GET /api/communities/:id/broadcasts": { build: (ctx) => ({ params: community(ctx) }) },
  "GET /api/communities/:id/broadcasts/audience": {
    build: (ctx) => ({ params: community(ctx), query: { segment: "level", level: "2" } }),
  },
  // One broadcast per community in 72 hours: each caller writes to a fresh community.
  "POST /api/communities/:id/broadcasts/preview": {
    build: (ctx) => ({ params: community(ctx), body: { subject: "Preview", body: "How it reads" } }),
  },
  "POST /api/communities/:id/broadcasts": {
    fresh: {},
    build: (ctx) => ({ params: community(ctx), body: { subject: `News ${ctx.unique}`, body: "Hello", segment: "all" } }),
  },
  "GET /api/communities/:id/points": { build: (ctx) => ({ params: community(ctx) }) },
  // Search reads every community the caller may see: the community's own marker word keeps the answer
  // to this community's content (callers join other communities during the walk).
  "GET /api/search": { build: (ctx) => ({ query: { q: ctx.community.key } }) },
  "GET /api/search/:kind": { build: (ctx) => ({ params: { kind: "posts" }, query: { q: ctx.community.key } }) },

  "GET /api/posts/:postId": { build: (ctx) => ({ params: post(ctx) }) },
  "PATCH /api/posts/:postId": { build: (ctx) => ({ params: post(ctx), body: { content: "Edited by its author" } }) },
  "DELETE /api/posts/:postId": { fresh: {}, build: (ctx) => ({ params: post(ctx) }) },
  "POST /api/posts/:postId/like": { build: (ctx) => ({ params: post(ctx) }) },
  "PUT /api/posts/:postId/poll/vote": {
    build: (ctx) => ({ params: post(ctx), body: { optionIds: [pollOptionId(ctx.target.postId)] } }),
  },
  "GET /api/posts/:postId/poll/voters": { build: (ctx) => ({ params: post(ctx) }) },
  "DELETE /api/posts/:postId/like": { build: (ctx) => ({ params: post(ctx) }) },
  "POST /api/posts/:postId/pin": { build: (ctx) => ({ params: post(ctx) }) },
  "DELETE /api/posts/:postId/pin": { build: (ctx) => ({ params: post(ctx) }) },
  "POST /api/posts/:postId/report": { build: (ctx) => ({ params: post(ctx), body: { reason: "Spam" } }) },
  "GET /api/posts/:postId/comments": { build: (ctx) => ({ params: post(ctx) }) },
  "POST /api/posts/:postId/comments": { build: (ctx) => ({ params: post(ctx), body: { content: "A new comment" } }) },
  "GET /api/comments/:commentId/replies": { build: (ctx) => ({ params: comment(ctx) }) },
  "DELETE /api/comments/:commentId": { fresh: {}, build: (ctx) => ({ params: comment(ctx) }) },
  "POST /api/comments/:commentId/like": { build: (ctx) => ({ params: comment(ctx) }) },
  "DELETE /api/comments/:commentId/like": { build: (ctx) => ({ params: comment(ctx) }) },
  "POST /api/comments/:commentId/report": { build: (ctx) => ({ params: comment(ctx), body: { reason: "Spam" } }) },

  "GET /api/communities/:id/courses": { build: (ctx) => ({ params: community(ctx) }) },
  "POST /api/communities/:id/courses": {
    build: (ctx) => ({ params: community(ctx), body: { title: `Course ${ctx.unique}` } }),
  },
  // The order names every course, so each call gets a community whose only course is the world's.
  "PUT /api/communities/:id/courses/order": {
    fresh: {},
    build: (ctx) => ({ params: community(ctx), body: { courseIds: [ctx.target.courseId] } }),
  },
  "GET /api/courses/:courseId": { build: (ctx) => ({ params: course(ctx) }) },
  "PATCH /api/courses/:courseId": { build: (ctx) => ({ params: course(ctx), body: { description: `Edited ${ctx.unique}` } }) },
  "DELETE /api/courses/:courseId": { fresh: {}, build: (ctx) => ({ params: course(ctx) }) },
  "POST /api/courses/:courseId/enroll": { build: (ctx) => ({ params: course(ctx) }) },
  "POST /api/courses/:courseId/videos": {
    build: (ctx) => ({ params: course(ctx), body: { title: `Lesson ${ctx.unique}`, videoUrl: "https://vimeo.com/76979871" } }),
  },
  "PUT /api/courses/:courseId/videos/order": {
    fresh: {},
    build: (ctx) => ({ params: course(ctx), body: { videoIds: [ctx.target.videoId] } }),
  },
  "GET /api/videos/:videoId": { build: (ctx) => ({ params: video(ctx) }) },
  "DELETE /api/videos/:videoId": { fresh: {}, build: (ctx) => ({ params: video(ctx) }) },
  "POST /api/videos/:videoId/complete": { build: (ctx) => ({ params: video(ctx) }) },
  "PUT /api/videos/:videoId/position": { build: (ctx) => ({ params: video(ctx), body: { seconds: 10 } }) },

  "GET /api/communities/:id/events": {
    build: (ctx) => ({ params: community(ctx), query: { filter: "all", tz: "Asia/Tbilisi" } }),
  },
  "POST /api/communities/:id/events": {
    build: (ctx) => ({
      params: community(ctx),
      body: { name: `Event ${ctx.unique}`, location: "Tbilisi", startTime: Date.now() + 86_400_000, timeZone: "Asia/Tbilisi" },
    }),
  },
  "POST /api/events/:eventId/attend": { build: (ctx) => ({ params: { eventId: ctx.target.eventId } }) },
  "DELETE /api/events/:eventId/attend": { build: (ctx) => ({ params: { eventId: ctx.target.eventId } }) },
  "GET /api/me/calendar-feed": { build: none },
  "POST /api/me/calendar-feed": { build: none },
  "DELETE /api/me/calendar-feed": { build: none },

  "GET /api/communities/:id/reports": { build: (ctx) => ({ params: community(ctx) }) },
  "POST /api/communities/:id/reports/:reportId/:decision": {
    fresh: {},
    build: (ctx) => ({ params: { id: ctx.community.id, reportId: ctx.target.reportId, decision: "resolve" } }),
  },
  "GET /api/admin/reports": { build: none },
  "POST /api/admin/reports/:reportId/:decision": {
    fresh: {},
    build: (ctx) => ({ params: { reportId: ctx.target.reportId, decision: "dismiss" } }),
  },

  "GET /api/admin/communities": { build: none },
  "POST /api/admin/communities/:id/approve": reviewDecision("under_review"),
  "POST /api/admin/communities/:id/reject": reviewDecision("under_review", { reason: "Not a fit" }),
  "POST /api/admin/communities/:id/suspend": reviewDecision("approved"),
  "POST /api/admin/communities/:id/restore": reviewDecision("suspended"),
  "GET /api/admin/community-edits": { build: none },
  "POST /api/admin/communities/:id/edit/approve": editDecision(),
  "POST /api/admin/communities/:id/edit/reject": editDecision({ reason: "Not what was approved" }),

  "GET /api/support/contact": { build: none },
  "POST /api/support/tickets": {
    build: (ctx) => ({
      body: { subject: `Question ${ctx.unique}`, message: "How do I change my e-mail?", category: "technical" },
    }),
  },
  "GET /api/support/tickets": { build: none },
  "GET /api/support/tickets/:id": { build: async (ctx) => ({ params: await ticketOf(ctx) }) },
  "POST /api/support/tickets/:id/replies": {
    build: async (ctx) => ({ params: await ticketOf(ctx), body: { message: "One more detail." } }),
  },
  "GET /api/admin/tickets": { build: none },
  "GET /api/admin/tickets/:id": { build: async (ctx) => ({ params: await strangersTicket(ctx) }) },
  "POST /api/admin/tickets/:id/replies": {
    build: async (ctx) => ({ params: await strangersTicket(ctx), body: { message: "Thanks, we are on it." } }),
  },
  "PATCH /api/admin/tickets/:id": { build: async (ctx) => ({ params: await strangersTicket(ctx), body: { status: "closed" } }) },

  "GET /api/notifications": { build: none },
  "GET /api/notifications/unread-count": { build: none },
  "POST /api/notifications/read-all": { build: () => ({ body: {} }) },
  "POST /api/notifications/:id/read": {
    build: (ctx) => ({
      params: { id: (ctx.scope === "home" ? ctx.me?.notificationId : null) ?? ctx.people.stranger.notificationId },
    }),
  },

  "GET /api/notifications/preferences": { build: none },
  "PATCH /api/notifications/preferences": { build: () => ({ body: { types: [{ type: "POST_LIKE", email: true }] } }) },
  // The caller's own link (a stranger's for guests): the link's owner, not the session, is what counts.
  "POST /api/notifications/unsubscribe": {
    build: async (ctx) => ({
      query: { token: await unsubscribeToken(env, (ctx.me ?? ctx.people.stranger).id, "SYSTEM_ANNOUNCEMENT") },
    }),
  },

  "GET /api/me/blocks": { build: none },
  // Someone of their own to block, so that no caller's block changes what another cell sees.
  "PUT /api/users/:userId/block": { build: async () => ({ params: { userId: (await createUser()).user.id } }) },
  "DELETE /api/users/:userId/block": { build: async () => ({ params: { userId: (await createUser()).user.id } }) },
  "GET /api/me/profile": { build: none },
  "PATCH /api/me/profile": { build: () => ({ body: { bio: "Learning every day", location: "Tbilisi, Georgia" } }) },
  "GET /api/users/:userId/profile": { build: (ctx) => ({ params: { userId: ctx.people.author.id } }) },
  "GET /api/users/:userId/activity": { build: (ctx) => ({ params: { userId: ctx.people.author.id } }) },
  "GET /api/places": { build: () => ({ query: { q: "tbi" } }) },
  "GET /api/account/sessions": { build: none },
  "DELETE /api/account/sessions/:sessionId": {
    build: async (ctx) => ({ params: { sessionId: await extraSessionId({ id: ownerOf(ctx) }) } }),
  },
  // Signing out of the other sessions would end the ones parallel calls made for this caller.
  "POST /api/account/sessions/sign-out-others": {
    build: async (ctx) => ({ cookie: ctx.me ? (await createUser()).cookie : undefined }),
  },
  "GET /api/account/deletion": { build: none },
  "POST /api/account/deletion": {
    build: async (ctx) => ({ cookie: ctx.me ? (await createUser()).cookie : undefined, body: { password: TEST_PASSWORD } }),
  },
  "DELETE /api/account/deletion": { build: none },
  "GET /api/account/export": { build: none },
  "GET /api/conversations": { build: none },
  "GET /api/conversations/unread-count": { build: none },
  "GET /api/conversations/people": { build: (ctx) => ({ query: { communityId: ctx.community.id } }) },
  "POST /api/conversations/direct": { build: (ctx) => ({ body: { userId: ctx.people.stranger.id } }) },
  "GET /api/conversations/:conversationId": { build: (ctx) => ({ params: chat(ctx) }) },
  "GET /api/conversations/:conversationId/messages": { build: (ctx) => ({ params: chat(ctx) }) },
  "POST /api/conversations/:conversationId/messages": {
    build: (ctx) => ({ params: chat(ctx), body: { id: crypto.randomUUID(), content: `Hello ${ctx.unique}` } }),
  },
  "POST /api/conversations/:conversationId/read": { build: (ctx) => ({ params: chat(ctx), body: { seq: 1 } }) },
  "PATCH /api/conversations/:conversationId": {
    build: (ctx) => ({ params: chat(ctx), body: { name: `Renamed ${ctx.unique}` } }),
  },
  "DELETE /api/conversations/:conversationId": { fresh: {}, build: (ctx) => ({ params: chat(ctx) }) },
  "POST /api/conversations/:conversationId/join": { build: (ctx) => ({ params: chat(ctx) }) },
  "POST /api/conversations/:conversationId/leave": { fresh: {}, build: (ctx) => ({ params: chat(ctx) }) },
  "PATCH /api/messages/:messageId": { build: (ctx) => ({ params: message(ctx), body: { content: "Edited" } }) },
  "DELETE /api/messages/:messageId": { fresh: {}, build: (ctx) => ({ params: message(ctx) }) },
  "POST /api/messages/:messageId/reactions": { build: (ctx) => ({ params: message(ctx), body: { emoji: "👍", active: true } }) },
  "POST /api/messages/:messageId/report": { build: (ctx) => ({ params: message(ctx), body: { reason: "Spam" } }) },
  "GET /api/communities/:communityId/group-chats": { build: (ctx) => ({ params: { communityId: ctx.community.id } }) },
  "POST /api/communities/:communityId/group-chats": {
    build: (ctx) => ({ params: { communityId: ctx.community.id }, body: { name: `Group ${ctx.unique}` } }),
  },

  "POST /api/uploads": {
    build: () => ({ query: { purpose: "post_image" }, raw: { bytes: pngFile(640, 480), contentType: "image/png" } }),
  },

  // The fresh community is made paid (one-time) for the call, so the payment decides, not the price.
  "POST /api/payments/join": {
    fresh: {},
    build: async (ctx) => {
      await makePaid(ctx.community.id);
      return {
        body: { communityId: ctx.community.id, card: approvingCard, saveCard: false },
        headers: { "idempotency-key": newId() },
      };
    },
  },
  "POST /api/payments/plan": {
    fresh: {},
    build: (ctx) => ({
      body: { communityId: ctx.community.id, plan: "starter", card: approvingCard, saveCard: false },
      headers: { "idempotency-key": newId() },
    }),
  },
  "GET /api/payments/orders/:id": { build: async (ctx) => ({ params: { id: await orderOf(ctx) } }) },
  "GET /api/payments/methods": { build: none },
  "POST /api/payments/methods": {
    build: () => ({ body: { card: approvingCard }, headers: { "idempotency-key": newId() } }),
  },
  "POST /api/payments/methods/:id/default": { build: async (ctx) => ({ params: { id: await savedCard(ctx) } }) },
  "DELETE /api/payments/methods/:id": { build: async (ctx) => ({ params: { id: await savedCard(ctx) } }) },
  "GET /api/payments/subscriptions": { build: none },
  "POST /api/payments/subscriptions/:id/cancel": {
    build: async (ctx) => ({ params: { id: await subscriptionOf(ctx, "active") } }),
  },
  "POST /api/payments/subscriptions/:id/resubscribe": {
    build: async (ctx) => ({ params: { id: await subscriptionOf(ctx, "cancelled") } }),
  },
  "GET /api/payments/receipts": { build: none },
  "GET /api/payments/receipts/:id": { build: async (ctx) => ({ params: { id: await insertReceipt(ownerOf(ctx)) } }) },
  "GET /api/payments/communities/:id": { build: (ctx) => ({ params: community(ctx) }) },
  // A member's real payment (the provider is asked what is left), refunded in full.
  "POST /api/payments/orders/:id/refund": {
    fresh: {},
    build: async (ctx) => {
      await makePaid(ctx.community.id);
      return { params: { id: await paidOrder(ctx.community.id) }, body: { amount: 1000, key: newId() } };
    },
  },
} satisfies { [R in Route]?: RequestSpec };
