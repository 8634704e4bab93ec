import { dehydrate, QueryClient, type QueryKey } from "@tanstack/query-core";
import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import type { ResponseOf } from "../../../common/contract";
import { COMMENTS_PAGE_SIZE, EXPLORE_PAGE_SIZE, FEED_PAGE_SIZE } from "../../../common/contract/limits";
import { orderCommunities } from "../../../common/community-order";
import { commentListKey, feedListKey, feedStatsKey, feedTopicsKey } from "../../../common/feed-keys";
import {
  communityKeys,
  deletionKey,
  myCommunitiesKey,
  postKey,
  sessionKey,
  unreadMessagesKey,
  unreadNotificationsKey,
} from "../../../common/query-keys";
import { APP_SHELL_PATH } from "../../../common/app-shell";
import type { HonoEnv } from "../../env";
import { pageDocument, type PageHead } from "../../lib/page-document";
import { publicOrigin } from "../../lib/auth";
import { documentCsp } from "../../lib/security-headers";
import { routePreloadsOf } from "../../lib/route-preloads";
import { renderFirstScreen, requestCommunity, requestLanguage } from "../../lib/first-screen";
import { communityHead, exploreHead, postHead } from "./page-heads";
import { validateExploreSearch } from "../../../common/explore-search";
import { posts } from "../../lib/tables";

/** Runs one of our own API GETs for this page's request (same cookie, so the viewer's own view). */
export type ApiFetch = (c: Context<HonoEnv>, path: string) => Promise<Response>;

type Entry = { key: QueryKey; data: unknown };
type SessionEntry = { key: QueryKey; data: ResponseOf<"GET /api/me">["user"] | null };

async function readJson<T>(api: ApiFetch, c: Context<HonoEnv>, path: string): Promise<T | null> {
  const res = await api(c, path);
  if (!res.ok) {
    await res.body?.cancel();
    return null;
  }
  return (await res.json()) as T;
}

/** The session as the app's first request would see it: the user, or null when nobody is signed in. */
async function sessionEntry(api: ApiFetch, c: Context<HonoEnv>): Promise<SessionEntry> {
  const me = await readJson<ResponseOf<"GET /api/me">>(api, c, "/api/me");
  return { key: sessionKey(), data: me?.user ?? null };
}

/**
 * The header's figures of a signed-in page (unread messages, the current community's unread
 * notifications, a pending deletion), inlined so the first screen shows them and the app does not ask
 * for them as it starts (the user's room reads them again once it is live, for what came in between).
 */
async function headerEntries(api: ApiFetch, c: Context<HonoEnv>, communityId: string | null): Promise<Entry[]> {
  const query = communityId ? `?communityId=${encodeURIComponent(communityId)}` : "";
  const [messages, notifications, deletion] = await Promise.all([
    readJson<ResponseOf<"GET /api/conversations/unread-count">>(api, c, "/api/conversations/unread-count"),
    readJson<ResponseOf<"GET /api/notifications/unread-count">>(api, c, `/api/notifications/unread-count${query}`),
    readJson<ResponseOf<"GET /api/account/deletion">>(api, c, "/api/account/deletion"),
  ]);
  const entries: Entry[] = [];
  // The badges' queries hold the count itself (web/features/messages/queries.ts, notifications/queries.ts).
  if (messages) entries.push({ key: unreadMessagesKey(), data: messages.count });
  if (notifications) entries.push({ key: unreadNotificationsKey(communityId), data: notifications.count });
  if (deletion) entries.push({ key: deletionKey(), data: deletion });
  return entries;
}

/**
 * The page's HTML: index.html with the page's head, and its first screen's queries dehydrated, so the
 * app renders without asking the API again. The data is the viewer's own (their session, their view of
 * the community), so the page is never stored by shared caches.
 */
/** Where the app lands once its guards have run, when that is not the address asked for (and with which community). */
type Landing = { href: string; currentCommunityId: string };

async function page(
  c: Context<HonoEnv>,
  code: readonly string[],
  head: PageHead | null,
  entries: Entry[],
  landing?: Landing,
): Promise<Response> {
  const [shell, ...lists] = await Promise.all([
    c.env.ASSETS.fetch(new URL("/", c.req.url)).then((res) => res.text()),
    ...code.map((key) => routePreloadsOf(c.env, c.req.url, key)),
  ]);
  const preloads = [...new Set(lists.flat())];
  const client = new QueryClient();
  for (const { key, data } of entries) client.setQueryData(key, data);
  const state = entries.length > 0 ? dehydrate(client) : undefined;
  client.clear();
  const url = new URL(c.req.url);
  const language = requestLanguage(c, sessionOf(entries)?.language);
  // Only a page with its route known has a first screen to render; the others keep the app's frame.
  // The dev server does not render them (FIRST_SCREENS = "off"): React's development build takes about
  // half a second of the one workerd thread that also runs the rooms for each page, which holds up every
  // live update while the browser journeys run. The builds (wrangler dev, deploy) and the route tests do.
  const body =
    code.length && c.env.FIRST_SCREENS !== "off"
      ? await renderFirstScreen({
          href: landing?.href ?? url.pathname + url.search,
          state,
          language,
          currentCommunityId: landing?.currentCommunityId ?? requestCommunity(c),
        })
      : null;
  const html = pageDocument(shell, { head, state, preloads, body, language });
  return c.html(html, 200, {
    "cache-control": "private, no-cache",
    vary: "Cookie",
    "content-security-policy": await documentCsp(html),
  });
}

/**
 * The app's route files (web/routes) of the pages answered here, whose chunks the page preloads, and
 * the lazily loaded modules (by their path under web/) a page's first screen is known to need.
 */
const routeFiles = {
  // Each page's own route and the layout routes above it (the shell, and the guard of signed-in pages).
  home: ["_main.tsx", "_main/index.tsx"],
  explore: ["_main.tsx", "_main/communities.explore.tsx"],
  community: ["_main.tsx", "_main/communities.$communityId.tsx"],
  post: ["_main.tsx", "_main/_protected.tsx", "_main/_protected/post.$postId.tsx"],
  login: ["auth.tsx", "auth/login.tsx"],
  register: ["auth.tsx", "auth/register.tsx"],
  forgotPassword: ["auth.tsx", "auth/forgot-password.tsx"],
} as const;

const sessionOf = (entries: readonly Entry[]) =>
  entries.find((e) => e.key[0] === sessionKey()[0])?.data as SessionEntry["data"] | undefined;

/** The app's texts, its date and number formats and the feed's texts, in the language the page reads. */
const feedTexts = (c: Context<HonoEnv>, session: SessionEntry) => {
  const language = requestLanguage(c, session.data?.language);
  return [`locales/${language}.json`, `locales/formats/${language}.json`, `features/feed/i18n/${language}.json`];
};

const isPublic = (community: ResponseOf<"GET /api/communities/:id">["community"]) => community.reviewStatus === "approved";

/**
 * The public pages, answered with real HTML: a link pasted into a chat shows the community's card,
 * search engines read a title and a description, and the first screen needs no second round trip.
 * Communities that are not public (under review, rejected, suspended) and posts outside public
 * communities get the app's generic page: nothing of theirs is written into it.
 */
export const pageRoutes = (api: ApiFetch) =>
  new Hono<HonoEnv>()
    .get("/communities/explore", async (c) => {
      const origin = publicOrigin(c.env, c.req.raw);
      // Only the unfiltered list is inlined: a filtered address is rarely the first page anyone opens.
      // Filters are what the app reads from the address as such; ?lang= (the hreflang links) and
      // anything else leave the list unfiltered there too.
      const filtered = Object.keys(validateExploreSearch(c.req.query())).length > 0;
      const [session, list] = await Promise.all([
        sessionEntry(api, c),
        filtered ? null : readJson<ResponseOf<"GET /api/communities">>(api, c, `/api/communities?limit=${EXPLORE_PAGE_SIZE}`),
      ]);
      const entries: Entry[] = [session];
      if (list) entries.push({ key: communityKeys.exploreList({}), data: { pages: [list], pageParams: [null] } });
      return page(c, routeFiles.explore, exploreHead(origin), entries);
    })
    .get("/communities/:id", (c) => communityPage(api, c))
    .get("/", (c) => homePage(api, c))
    // The page the service worker keeps for offline navigation: nobody's session or data is in it, so
    // whoever opens the app offline on this browser is read from their own cache, not the installer's.
    .get(APP_SHELL_PATH, (c) => page(c, [], null, []))
    .get("/post/:postId", async (c) => {
      const postId = c.req.param("postId");
      // Only which community the post is in, to decide whether the page may say anything at all.
      const row = await c.var.db.select({ communityId: posts.communityId }).from(posts).where(eq(posts.id, postId)).get();
      if (!row) return page(c, [], null, []);
      const id = encodeURIComponent(postId);
      const community = encodeURIComponent(row.communityId);
      const [session, view, post, comments, header, mine, stats] = await Promise.all([
        sessionEntry(api, c),
        readJson<ResponseOf<"GET /api/communities/:id">>(api, c, `/api/communities/${community}`),
        readJson<ResponseOf<"GET /api/posts/:postId">>(api, c, `/api/posts/${id}`),
        readJson<ResponseOf<"GET /api/posts/:postId/comments">>(api, c, `/api/posts/${id}/comments?limit=${COMMENTS_PAGE_SIZE}`),
        // The header counts the community the reader last chose (the cookie mirrors it), as the app does.
        headerEntries(api, c, requestCommunity(c)),
        // The header's community switcher and the sidebar's figures (a member's only: a guest gets none).
        readJson<ResponseOf<"GET /api/me/communities">>(api, c, "/api/me/communities"),
        readJson<ResponseOf<"GET /api/communities/:id/stats">>(api, c, `/api/communities/${community}/stats`),
      ]);
      if (!view || !isPublic(view.community)) return page(c, routeFiles.post, null, [session]);
      const entries: Entry[] = [session, { key: communityKeys.detail(view.community.id), data: view }];
      if (session.data) entries.push(...header);
      if (session.data && mine) entries.push({ key: myCommunitiesKey(), data: orderCommunities(mine.communities) });
      if (stats) entries.push({ key: feedStatsKey(view.community.id), data: stats });
      // The post and its first comments only when the viewer may read them (a member); a guest's page has
      // the community's card.
      if (post) entries.push({ key: postKey(postId), data: post });
      if (post && comments) {
        entries.push({ key: commentListKey(view.community.id, postId), data: { pages: [comments], pageParams: [null] } });
      }
      return page(
        c,
        [...routeFiles.post, ...feedTexts(c, session)],
        postHead(publicOrigin(c.env, c.req.raw), postId, view.community),
        entries,
      );
    })
    // The auth screens: their first screen is the form, and the session tells their guard whether to leave.
    .get("/auth/login", async (c) => page(c, routeFiles.login, null, [await sessionEntry(api, c)]))
    .get("/auth/register", async (c) => page(c, routeFiles.register, null, [await sessionEntry(api, c)]))
    .get("/auth/forgot-password", async (c) => page(c, routeFiles.forgotPassword, null, [await sessionEntry(api, c)]))
    .get("/auth/*", async (c) => page(c, [], null, [await sessionEntry(api, c)]))
    .get("/communities/*", async (c) => page(c, [], null, [await sessionEntry(api, c)]))
    .get("/post/*", async (c) => page(c, [], null, [await sessionEntry(api, c)]));

async function communityPage(api: ApiFetch, c: Context<HonoEnv>): Promise<Response> {
  const id = c.req.param("id") ?? "";
  const [session, view] = await Promise.all([
    sessionEntry(api, c),
    readJson<ResponseOf<"GET /api/communities/:id">>(api, c, `/api/communities/${encodeURIComponent(id)}`),
  ]);
  // No such community: the address may be another route's ("/communities/create"), so nothing is preloaded.
  if (!view) return page(c, [], null, [session]);
  if (!isPublic(view.community)) return page(c, routeFiles.community, null, [session]);
  const head = communityHead(publicOrigin(c.env, c.req.raw), view.community);
  return page(c, routeFiles.community, head, [session, { key: communityKeys.detail(id), data: view }]);
}

/**
 * The home feed of a signed-in person, with its first screen inlined: their communities and, for the
 * current one (`?id=`, or the cookie that mirrors the app's choice) when they are in it, its first page
 * of posts, its topics and the sidebar's figures. Without them the feed waited for the app's code, then its communities, then
 * the posts, one after another. Nothing of a community the person is not in is read.
 */
async function homePage(api: ApiFetch, c: Context<HonoEnv>): Promise<Response> {
  const [session, mine] = await Promise.all([
    sessionEntry(api, c),
    readJson<ResponseOf<"GET /api/me/communities">>(api, c, "/api/me/communities"),
  ]);
  if (!session.data || !mine) return page(c, routeFiles.home, null, [session]);
  const communities = orderCommunities(mine.communities);
  const entries: Entry[] = [session, { key: myCommunitiesKey(), data: communities }];
  const url = new URL(c.req.url);
  const wanted = url.searchParams.get("id") ?? requestCommunity(c);
  // A topic filter is rarely the first page anyone opens: only the unfiltered feed is inlined.
  const current = !url.searchParams.has("topic") && communities.find((community) => community.id === wanted);
  if (current) {
    const id = encodeURIComponent(current.id);
    const [posts, topics, stats, header] = await Promise.all([
      readJson<ResponseOf<"GET /api/communities/:id/posts">>(api, c, `/api/communities/${id}/posts?limit=${FEED_PAGE_SIZE}`),
      readJson<ResponseOf<"GET /api/communities/:id/topics">>(api, c, `/api/communities/${id}/topics`),
      readJson<ResponseOf<"GET /api/communities/:id/stats">>(api, c, `/api/communities/${id}/stats`),
      headerEntries(api, c, current.id),
    ]);
    entries.push(...header);
    if (posts) entries.push({ key: feedListKey(current.id, null), data: { pages: [posts], pageParams: [null] } });
    if (topics) entries.push({ key: feedTopicsKey(current.id), data: topics.topics });
    if (stats) entries.push({ key: feedStatsKey(current.id), data: stats });
  }
  const code = [...routeFiles.home, ...(current ? ["features/feed/feed-view.tsx", ...feedTexts(c, session)] : [])];
  // /?id= selects the community and lands on / (the route's guard): the first screen is that feed.
  return page(
    c,
    code,
    null,
    entries,
    current && url.searchParams.has("id") ? { href: "/", currentCommunityId: current.id } : undefined,
  );
}
