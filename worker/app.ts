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
import { commentsRoutes, postCommentsRoutes } from "./features/feed/comments.routes";
import { communityFeedRoutes } from "./features/feed/community-feed.routes";
import { postsRoutes } from "./features/feed/posts.routes";
import { blockRoutes, myBlocksRoutes } from "./features/blocks/blocks.routes";
import { meRoutes } from "./features/me/me.routes";
import { placesRoutes } from "./features/profiles/places.routes";
import { myProfileRoutes, userProfileRoutes } from "./features/profiles/profiles.routes";
import { seoRoutes } from "./features/seo/seo.routes";
import { pageRoutes } from "./features/pages/pages.routes";
import { membersRoutes } from "./features/members/members.routes";
import { leaderboardRoutes } from "./features/points/leaderboard.routes";
import { levelsRoutes } from "./features/points/levels.routes";
import { notificationsRoutes } from "./features/notifications/notifications.routes";
import { notificationPreferencesRoutes, unsubscribeRoutes } from "./features/notifications/preferences.routes";
import { paymentMethodsRoutes } from "./features/payments/payment-methods.routes";
import { paymentsRoutes } from "./features/payments/payments.routes";
import { providerHooksRoutes } from "./features/payments/provider-hooks.routes";
import { subscriptionsRoutes } from "./features/payments/subscriptions.routes";
import { communityReportsRoutes, staffReportsRoutes } from "./features/reports/reports.routes";
import { reviewRoutes } from "./features/review/review.routes";
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
import { queryCount } from "./lib/query-count";
import { realtime } from "./lib/realtime";
import { releaseUnreadBody } from "./lib/request-body";
import { respond } from "./lib/respond";
import { securityHeaders } from "./lib/security-headers";
import { flittSandboxRoutes } from "./payments/sandbox/sandbox.routes";
import { users } from "./lib/tables";

/** The JSON API; its endpoints, requests and answers are those of common/contract. */
const api = new Hono<HonoEnv>()
  .get("/health", (c) => respond(c, health.live, { ok: true }))
  // Readiness: one indexed D1 read (also the benchmarks' baseline).
  .get("/health/db", async (c) => {
    await c.var.db.select({ id: users.id }).from(users).where(eq(users.email, "health-check@agora.invalid")).limit(1);
    return respond(c, health.db, { ok: true, db: true });
  })
  .route("/account/sessions", accountSessionsRoutes)
  .route("/account/deletion", accountDeletionRoutes)
  .route("/account/export", accountExportRoutes)
  .route("/me/blocks", myBlocksRoutes)
  .route("/me/calendar-feed", calendarFeedRoutes)
  .route("/me/profile", myProfileRoutes)
  .route("/me", meRoutes)
  .route("/users", blockRoutes)
  .route("/users", userProfileRoutes)
  .route("/places", placesRoutes)
  .route("/communities", communitiesRoutes)
  .route("/communities/:id/topics", topicsRoutes)
  .route("/communities/:id/members", membersRoutes)
  .route("/communities/:id/invite-links", inviteLinksRoutes)
  .route("/communities/:id", invitationsRoutes)
  .route("/invites", inviteRoutes)
  .route("/communities/:id/levels", levelsRoutes)
  .route("/communities/:id", leaderboardRoutes)
  .route("/communities/:id/reports", communityReportsRoutes)
  .route("/communities/:communityId/group-chats", groupChatsRoutes)
  .route("/communities/:id/courses", communityCoursesRoutes)
  .route("/communities/:id/events", communityEventsRoutes)
  .route("/communities/:id", communityFeedRoutes)
  .route("/posts", postsRoutes)
  .route("/posts", postCommentsRoutes)
  .route("/comments", commentsRoutes)
  .route("/courses", coursesRoutes)
  .route("/videos", videosRoutes)
  .route("/events", eventsRoutes)
  .route("/admin/reports", staffReportsRoutes)
  .route("/admin/tickets", staffTicketsRoutes)
  .route("/admin", reviewRoutes)
  .route("/notifications/preferences", notificationPreferencesRoutes)
  .route("/notifications/unsubscribe", unsubscribeRoutes)
  .route("/notifications", notificationsRoutes)
  .route("/conversations", conversationsRoutes)
  .route("/conversations", conversationMessagesRoutes)
  .route("/messages", messagesRoutes)
  .route("/search", searchRoutes)
  .route("/support", supportRoutes)
  .route("/payments/methods", paymentMethodsRoutes)
  .route("/payments/subscriptions", subscriptionsRoutes)
  .route("/payments", paymentsRoutes)
  .route("/uploads", uploadsRoutes);

const app = new Hono<HonoEnv>()
  .use(releaseUnreadBody())
  .use(requestContext())
  .use(securityHeaders())
  // Every request in one D1 session, set up before anything reads or wraps the binding (rooms check membership too).
  .use(d1Session())
  .use("/api/*", queryCount())
  .use(database())
  .use("/parties/*", realtime())
  .use("/api/*", sameOriginWrites({ except: [contract.notifications.unsubscribe.path] }))
  .route("/api/auth", authRoutes)
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
