import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { contract } from "../common/contract";
import { health } from "../common/contract/health";
import type { HonoEnv } from "./env";
import { accountDeletionRoutes } from "./features/account/deletion.routes";
import { accountExportRoutes } from "./features/account/export.routes";
import { accountSessionsRoutes } from "./features/account/sessions.routes";
import { authRoutes } from "./features/auth/auth.routes";
import { communitiesRoutes } from "./features/communities/communities.routes";
import { invitationsRoutes } from "./features/communities/invitations.routes";
import { inviteLinksRoutes, inviteRoutes } from "./features/communities/invite-links.routes";
import { topicsRoutes } from "./features/communities/topics.routes";
import { conversationsRoutes } from "./features/conversations/conversations.routes";
import { groupChatsRoutes } from "./features/conversations/group-chats.routes";
import { conversationMessagesRoutes, messagesRoutes } from "./features/conversations/messages.routes";
import { devMailRoutes } from "./features/dev-mail/dev-mail.routes";
import { calendarFeedRoutes } from "./features/calendar/calendar-feed.routes";
import { communityEventsRoutes } from "./features/calendar/community-events.routes";
import { eventsRoutes } from "./features/calendar/events.routes";
import { icsRoutes } from "./features/calendar/ics.routes";
import { communityCoursesRoutes } from "./features/classroom/community-courses.routes";
import { coursesRoutes } from "./features/classroom/courses.routes";
import { videosRoutes } from "./features/classroom/videos.routes";
import { commentsRoutes } from "./features/feed/comments.routes";
import { communityFeedRoutes } from "./features/feed/community-feed.routes";
import { postsRoutes } from "./features/feed/posts.routes";
import { pollRoutes } from "./features/feed/poll.routes";
import { blockRoutes, myBlocksRoutes } from "./features/blocks/blocks.routes";
import { meRoutes } from "./features/me/me.routes";
import { metricsRoutes } from "./features/metrics/metrics.routes";
import { broadcastsRoutes } from "./features/broadcasts/broadcasts.routes";
import { placesRoutes } from "./features/profiles/places.routes";
import { myProfileRoutes, userProfileRoutes } from "./features/profiles/profiles.routes";
import { seoRoutes } from "./features/seo/seo.routes";
import { pageRoutes } from "./features/pages/pages.routes";
import { membersRoutes } from "./features/members/members.routes";
import { memberActionsRoutes } from "./features/members/member-actions.routes";
import { membershipRequestsRoutes } from "./features/communities/membership-requests.routes";
import { leaderboardRoutes } from "./features/points/leaderboard.routes";
import { levelsRoutes } from "./features/points/levels.routes";
import { notificationsRoutes } from "./features/notifications/notifications.routes";
import { notificationPreferencesRoutes, unsubscribeRoutes } from "./features/notifications/preferences.routes";
import { paymentMethodsRoutes } from "./features/payments/payment-methods.routes";
import { paymentsRoutes } from "./features/payments/payments.routes";
import { providerHooksRoutes } from "./features/payments/provider-hooks.routes";
import { subscriptionsRoutes } from "./features/payments/subscriptions.routes";
import { communityPaymentsRoutes } from "./features/payments/community-payments.routes";
import { receiptsRoutes } from "./features/payments/receipts.routes";
import { communityReportsRoutes, staffReportsRoutes } from "./features/reports/reports.routes";
import { reviewRoutes } from "./features/review/review.routes";
import { staffOnly } from "./lib/staff-only";
import { editRoutes } from "./features/review/edits.routes";
import { searchRoutes } from "./features/search/search.routes";
import { staffTicketsRoutes } from "./features/support/staff-tickets.routes";
import { supportRoutes } from "./features/support/support.routes";
import { filesRoutes, uploadsRoutes } from "./features/uploads/uploads.routes";
import { sameOriginWrites } from "./lib/csrf";
import { d1Session } from "./lib/d1-session";
import { database } from "./lib/db";
import { AppError } from "./lib/errors";
import { requestContext } from "./lib/logging";
import { onError } from "./lib/on-error";
import { translateErrors } from "./lib/translate";
import { queryCount } from "./lib/query-count";
import { realtime } from "./lib/realtime";
import { releaseUnreadBody } from "./lib/request-body";
import { respond } from "./lib/respond";
import { mount, route } from "./lib/route";
import { securityHeaders } from "./lib/security-headers";
import { flittSandboxRoutes } from "./payments/sandbox/sandbox.routes";
import { users } from "./lib/tables";

/** Liveness, and readiness through one indexed D1 read (also the benchmarks' baseline). */
const healthRoutes = [
  route(health.live, (c) => respond(c, health.live, { ok: true })),
  route(health.db, async (c) => {
    await c.var.db.select({ id: users.id }).from(users).where(eq(users.email, "health-check@agora.invalid")).limit(1);
    return respond(c, health.db, { ok: true, db: true });
  }),
];

/**
 * The JSON API; its endpoints, requests and answers are those of common/contract. Routes are
 * registered at their endpoints' paths (worker/lib/route.ts); a request is matched in this order.
 */
const api = new Hono<HonoEnv>();
mount(api, authRoutes);
mount(api, healthRoutes);
mount(api, accountSessionsRoutes);
mount(api, accountDeletionRoutes);
mount(api, accountExportRoutes);
mount(api, myBlocksRoutes);
mount(api, calendarFeedRoutes);
mount(api, myProfileRoutes);
mount(api, meRoutes);
mount(api, blockRoutes);
mount(api, userProfileRoutes);
mount(api, placesRoutes);
mount(api, communitiesRoutes);
mount(api, topicsRoutes);
mount(api, membersRoutes);
mount(api, memberActionsRoutes);
mount(api, membershipRequestsRoutes);
mount(api, inviteLinksRoutes);
mount(api, invitationsRoutes);
mount(api, inviteRoutes);
mount(api, levelsRoutes);
mount(api, leaderboardRoutes);
mount(api, metricsRoutes);
mount(api, broadcastsRoutes);
mount(api, communityReportsRoutes);
mount(api, groupChatsRoutes);
mount(api, communityCoursesRoutes);
mount(api, communityEventsRoutes);
mount(api, communityFeedRoutes);
mount(api, postsRoutes);
mount(api, pollRoutes);
mount(api, commentsRoutes);
mount(api, coursesRoutes);
mount(api, videosRoutes);
mount(api, eventsRoutes);
// The staff console answers everyone but staff 401 or 404 before it reads anything of the request: its
// routes' own guard runs after their input is validated, and a 422 would tell a stranger the route is there.
api.use("/admin/*", staffOnly);
mount(api, staffReportsRoutes);
mount(api, staffTicketsRoutes);
mount(api, reviewRoutes);
mount(api, editRoutes);
mount(api, notificationPreferencesRoutes);
mount(api, unsubscribeRoutes);
mount(api, notificationsRoutes);
mount(api, conversationsRoutes);
mount(api, conversationMessagesRoutes);
mount(api, messagesRoutes);
mount(api, searchRoutes);
mount(api, supportRoutes);
mount(api, paymentMethodsRoutes);
mount(api, subscriptionsRoutes);
mount(api, receiptsRoutes);
mount(api, communityPaymentsRoutes);
mount(api, paymentsRoutes);
mount(api, uploadsRoutes);

const app = new Hono<HonoEnv>()
  .use(releaseUnreadBody())
  .use(requestContext())
  // Error answers in the request's language (Accept-Language), whichever part of the app made them.
  .use(translateErrors())
  .use(securityHeaders())
  // Every request in one D1 session, set up before anything reads or wraps the binding (rooms check membership too).
  .use(d1Session())
  .use("/api/*", queryCount())
  // A room's upgrade reads the session and the admission: counted the same way (a refusal shows it).
  .use("/parties/*", queryCount())
  .use(database())
  .use("/parties/*", realtime())
  .use("/api/*", sameOriginWrites({ except: [contract.notifications.unsubscribe.path] }))
  .route("/api", api)
  .route("/files", filesRoutes)
  .route("/", seoRoutes)
  .route("/", pageRoutes(ownApi))
  .route("/ics", icsRoutes)
  .route("/dev/mail", devMailRoutes)
  .route("/dev/flitt", flittSandboxRoutes)
  .route("/payments", providerHooksRoutes)
  .all("/api/*", () => {
    throw new AppError("NOT_FOUND", "No such API endpoint.");
  });

/**
 * A public page's first screen comes from the same API routes the app would call, with the page
 * request's cookie, so what is inlined is exactly what the app would have fetched.
 */
function ownApi(c: Context<HonoEnv>, path: string): Promise<Response> {
  const headers = new Headers();
  const cookie = c.req.header("cookie");
  if (cookie) headers.set("cookie", cookie);
  return Promise.resolve(app.fetch(new Request(new URL(path, c.req.url), { headers }), c.env, c.executionCtx));
}

app.onError(onError);

export default app;
