import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { seedCommunity, seedMember, seedPost, seedSession, seedUser } from "../../../tests/db-fixtures";
import { call, sessionCookie } from "../../../tests/factories";
import { openTestDb } from "../../../tests/test-db";
import type { Db } from "../../lib/db";

type Dehydrated = { queries: { queryKey: unknown[]; state: { data: unknown; status: string } }[] };

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
  // The first page rendered loads the app's code into the worker (seconds on a busy machine): once, here.
  await call("/auth/forgot-password", { headers: { accept: "text/html" } });
}, 120_000);

async function person(fullName = "Page Reader") {
  const user = await seedUser(db, { fullName });
  return { id: user.id, cookie: await sessionCookie(await seedSession(db, user.id)) };
}

/** The inlined query cache of a page, parsed the way the app reads it. */
function stateOf(html: string): Dehydrated | null {
  const match = html.match(/<script type="application\/json" id="query-state">([\s\S]*?)<\/script>/);
  return match ? (JSON.parse(match[1]!) as Dehydrated) : null;
}

/** What the page paints before any script runs: the app's first screen, rendered by the worker. */
function firstScreenOf(html: string): string {
  const start = html.indexOf('<div id="root" data-first-screen>');
  return start < 0 ? "" : html.slice(start, html.indexOf('<script type="application/json"', start));
}

/**
 * The code a page with a first screen asks for after its first paint (page-document.ts): the entry
 * scripts and the preloads its loader adds. Such a page names no code in its head.
 */
function codeOf(html: string): { entries: string[]; preloads: string[] } {
  const loader = /<script>\(function\(\)\{var p=(\[[^\]]*\]),e=(\[[^\]]*\]);/.exec(html);
  if (!loader) return { entries: [], preloads: [] };
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head).not.toMatch(/<script type="module"|rel="modulepreload"/);
  return { preloads: JSON.parse(loader[1]!) as string[], entries: JSON.parse(loader[2]!) as string[] };
}

const dataAt = (state: Dehydrated | null, key: unknown[]) =>
  state?.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(key))?.state.data;

async function page(path: string, cookie?: string) {
  const res = await call(path, { cookie, headers: { accept: "text/html" } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  return { res, html: await res.text() };
}

describe("public pages as HTML", () => {
  it("give a public community its title, description, canonical address, cards and languages", async () => {
    const owner = await person();
    const community = await seedCommunity(db, owner.id, {
      name: "Tbilisi Runners",
      description: "Morning runs along the Mtkvari.\nEveryone welcome.",
      imageUrls: ["/files/community_image/cover.png"],
    });
    const { res, html } = await page(`/communities/${community.id}`);
    const url = `http://app.test/communities/${community.id}`;
    expect(html).toContain("<title>Tbilisi Runners · Agora</title>");
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta name="description" content="Morning runs along the Mtkvari. Everyone welcome." />');
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    expect(html).toContain('<meta property="og:title" content="Tbilisi Runners · Agora" />');
    expect(html).toContain('<meta property="og:image" content="http://app.test/files/community_image/cover.png" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    for (const lang of ["en", "ka", "ru"])
      expect(html).toContain(`<link rel="alternate" href="${url}?lang=${lang}" hreflang="${lang}" />`);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
  });

  it("inline the first screen as a dehydrated query cache: the viewer's session and their view of the community", async () => {
    const owner = await person();
    const reader = await person("Nino Reader");
    const community = await seedCommunity(db, owner.id);
    const { html } = await page(`/communities/${community.id}`, reader.cookie);
    const state = stateOf(html);
    expect(dataAt(state, ["me"])).toMatchObject({ id: reader.id, fullName: "Nino Reader" });
    expect(dataAt(state, ["communities", "detail", community.id])).toMatchObject({
      community: { id: community.id, name: community.name },
      viewer: { isMember: false, canJoin: true },
    });
    const guest = stateOf((await page(`/communities/${community.id}`)).html);
    expect(dataAt(guest, ["me"])).toBeNull();
  });

  it("escape what communities write, in the head and in the inlined data", async () => {
    const owner = await person();
    const name = `Evil "quotes" <b>&</b></script><script>alert(1)</script>`;
    const community = await seedCommunity(db, owner.id, { name, description: `</title><img src=x onerror=alert(1)>` });
    const { html } = await page(`/communities/${community.id}`);
    expect(html).toContain(
      "<title>Evil &quot;quotes&quot; &lt;b&gt;&amp;&lt;/b&gt;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Agora</title>",
    );
    expect(html).toContain('content="&lt;/title&gt;&lt;img src=x onerror=alert(1)&gt;"');
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("<img src=x");
    // The name survives the round trip through the JSON script element unchanged.
    expect(dataAt(stateOf(html), ["communities", "detail", community.id])).toMatchObject({ community: { name } });
  });

  it("give communities that are not public the generic page, with nothing of theirs in it", async () => {
    const owner = await person();
    for (const reviewStatus of ["under_review", "rejected", "suspended"] as const) {
      const hidden = await seedCommunity(db, owner.id, {
        name: `Hidden ${reviewStatus} circle`,
        description: "secret plans",
        reviewStatus,
      });
      for (const cookie of [undefined, owner.cookie]) {
        const { html } = await page(`/communities/${hidden.id}`, cookie);
        expect(html).toContain("<title>Agora</title>");
        expect(html).not.toContain("Hidden");
        expect(html).not.toContain("secret plans");
        expect(html).not.toContain(hidden.id);
      }
    }
    const { html } = await page("/communities/no-such-community");
    expect(html).toContain("<title>Agora</title>");
    expect(html).not.toContain('rel="canonical"');
  });

  it("render the first screen into the page, in the language the reader's browser will use", async () => {
    const owner = await person();
    const community = await seedCommunity(db, owner.id, { name: "Rendered Circle", description: "Painted before the scripts" });
    const path = `/communities/${community.id}`;
    const read = async (headers: Record<string, string>, suffix = "") => {
      const res = await call(`${path}${suffix}`, { headers: { accept: "text/html", ...headers } });
      return res.text();
    };
    const georgian = await read({ "accept-language": "ka-GE,ka;q=0.9,en;q=0.8" });
    expect(georgian).toContain('<html lang="ka"');
    expect(firstScreenOf(georgian)).toContain("Rendered Circle");
    expect(firstScreenOf(georgian)).toContain("Painted before the scripts");
    expect(firstScreenOf(georgian)).toContain("შედით გასაწევრიანებლად");
    expect(georgian).not.toContain('aria-busy="true"');
    // The choice made on the device (its cookie) wins over the browser's languages, and the address over both.
    const russian = await read({ "accept-language": "ka", cookie: "language=ru" });
    expect(russian).toContain('<html lang="ru"');
    expect(firstScreenOf(russian)).toContain("Войдите, чтобы вступить");
    const english = await read({ "accept-language": "ka", cookie: "language=ru" }, "?lang=en");
    expect(firstScreenOf(english)).toContain("Sign in to join");
  });

  it("list explore's first page in the page and describe explore", async () => {
    const owner = await person();
    const community = await seedCommunity(db, owner.id, { name: "Explore Listed", membersCount: 1_000_000 });
    const { html } = await page("/communities/explore");
    expect(html).toContain("<title>Explore Communities · Agora</title>");
    expect(html).toContain('<link rel="canonical" href="http://app.test/communities/explore" />');
    const list = dataAt(stateOf(html), ["communities", "explore", {}]) as {
      pages: { items: { id: string }[] }[];
      pageParams: unknown[];
    };
    expect(list.pageParams).toEqual([null]);
    expect(list.pages[0]!.items.map((c) => c.id)).toContain(community.id);
    expect(firstScreenOf(html)).toContain("Explore Listed");

    // The Georgian address (an hreflang link) lists the same communities, in Georgian.
    const georgian = (await page("/communities/explore?lang=ka")).html;
    expect(georgian).toContain('<html lang="ka"');
    expect(dataAt(stateOf(georgian), ["communities", "explore", {}])).toEqual(list);
    expect(firstScreenOf(georgian)).toContain("Explore Listed");
    expect(firstScreenOf(georgian)).toContain("საზოგადოებების დათვალიერება");

    // A filtered address is left to the app: its list is not the unfiltered one.
    const filtered = (await page("/communities/explore?category=music")).html;
    expect(dataAt(stateOf(filtered), ["communities", "explore", {}])).toBeUndefined();
    expect(firstScreenOf(filtered)).not.toContain("Explore Listed");
  });

  it("give a post in a public community its community's card, and its text only to members", async () => {
    const owner = await person();
    const member = await person();
    const community = await seedCommunity(db, owner.id, { name: "Open Kitchen", description: "Recipes from Kakheti" });
    await seedMember(db, community.id, member.id);
    const post = await seedPost(db, community.id, owner.id, "Members-only khachapuri secret");
    const guest = await page(`/post/${post.id}`);
    expect(guest.html).toContain("<title>A post in Open Kitchen · Agora</title>");
    expect(guest.html).toContain('<meta name="description" content="Recipes from Kakheti" />');
    expect(guest.html).toContain(`<link rel="canonical" href="http://app.test/post/${post.id}" />`);
    expect(guest.html).not.toContain("khachapuri");
    const commented = await call(`/api/posts/${post.id}/comments`, {
      body: { content: "Add more cheese" },
      cookie: member.cookie,
    });
    expect(commented.status).toBe(201);
    expect(guest.html).not.toContain("Add more cheese");
    const mine = await page(`/post/${post.id}`, member.cookie);
    expect(dataAt(stateOf(mine.html), ["post", post.id])).toMatchObject({
      post: { id: post.id, content: "Members-only khachapuri secret" },
    });
    // Its first comments too, so the page does not open on "Loading comments...".
    const comments = dataAt(stateOf(mine.html), ["feed", community.id, "thread", post.id, "comments"]) as {
      pages: { items: { content: string }[] }[];
      pageParams: unknown[];
    };
    expect(comments.pages[0]!.items.map((item) => item.content)).toEqual(["Add more cheese"]);
    expect(comments.pageParams).toEqual([null]);
    expect(firstScreenOf(mine.html)).toContain("Add more cheese");
    // The header's switcher and figures and the sidebar's, so the app asks for none of them as it starts;
    // a guest's page has none.
    const memberState = stateOf(mine.html);
    expect(dataAt(memberState, ["me", "communities"])).toEqual([expect.objectContaining({ id: community.id })]);
    expect(dataAt(memberState, ["feed", community.id, "stats"])).toEqual(
      await (await call(`/api/communities/${community.id}/stats`, { cookie: member.cookie })).json(),
    );
    expect(dataAt(memberState, ["notifications", "unread-count", "all"])).toEqual(expect.any(Number));
    expect(dataAt(memberState, ["conversations", "unread-count"])).toBe(0);
    expect(dataAt(stateOf(guest.html), ["conversations", "unread-count"])).toBeUndefined();
    expect(dataAt(stateOf(guest.html), ["me", "communities"])).toBeUndefined();
    const again = await page(`/post/${post.id}`);
    expect(again.html).not.toContain("Add more cheese");
  });

  it("give posts of communities that are not public the generic page", async () => {
    const owner = await person();
    const hidden = await seedCommunity(db, owner.id, { name: "Quiet Review Room", reviewStatus: "under_review" });
    const post = await seedPost(db, hidden.id, owner.id, "Draft words");
    for (const cookie of [undefined, owner.cookie]) {
      const { html } = await page(`/post/${post.id}`, cookie);
      expect(html).toContain("<title>Agora</title>");
      expect(html).not.toContain("Quiet Review Room");
      expect(html).not.toContain("Draft words");
    }
    expect((await page("/post/missing")).html).toContain("<title>Agora</title>");
  });

  it("preload their route's own chunks, from the build's list, and no other route's", async () => {
    const owner = await person();
    const community = await seedCommunity(db, owner.id, { name: "Preloaded" });
    const explore = (await page("/communities/explore")).html;
    // After the first paint: the entry (index.html's) and the route's chunks.
    expect(codeOf(explore).entries).toEqual(["/font-preload.ts", "/main.tsx"]);
    expect(codeOf(explore).preloads).toEqual(
      expect.arrayContaining(["/assets/communities.explore-test.js", "/assets/explore-shared-test.js"]),
    );
    const detail = (await page(`/communities/${community.id}`)).html;
    expect(codeOf(detail).preloads).toContain("/assets/communities._communityId-test.js");
    expect(detail).not.toContain("communities.explore-test.js");
    // A route the list does not name, and pages the worker answers generically, preload nothing more.
    expect((await page("/post/missing")).html).not.toContain("-test.js");
    expect((await page("/communities/create")).html).not.toContain("-test.js");
  });
});

describe("the auth screens as HTML", () => {
  it("carry their form for a visitor, and only the app's frame for someone signed in (their guard sends them on)", async () => {
    const member = await person("Signed In Already");
    for (const [path, text, guarded] of [
      ["/auth/login", "Sign in to your account", true],
      ["/auth/register", "Create your account", true],
      ["/auth/forgot-password", "Reset your password", false],
    ] as const) {
      const visitor = await page(path);
      expect(firstScreenOf(visitor.html)).toContain(text);
      // Submitted before the app has the page, the form posts: no e-mail or password in the address.
      expect(firstScreenOf(visitor.html)).toMatch(/<form [^>]*method="post"/);
      expect(dataAt(stateOf(visitor.html), ["me"])).toBeNull();
      const signedIn = await page(path, member.cookie);
      if (guarded) {
        expect(signedIn.html).toContain('<div id="root" aria-busy="true">');
        expect(signedIn.html).not.toContain(text);
      } else {
        expect(firstScreenOf(signedIn.html)).toContain(text);
      }
    }
    // Another auth address gets the app's page, with the session for its guard.
    const other = await page("/auth/reset-password?token=x");
    expect(other.html).toContain('<div id="root" aria-busy="true">');
    expect(dataAt(stateOf(other.html), ["me"])).toBeNull();
  });
});

describe("the home feed as HTML", () => {
  it("inlines a member's communities and the current community's first posts, topics and figures", async () => {
    const owner = await person("Home Owner");
    const reader = await person("Home Reader");
    const community = await seedCommunity(db, owner.id, { name: "Home Feed" });
    await seedMember(db, community.id, reader.id);
    const post = await seedPost(db, community.id, owner.id, "First on the home feed");
    const cookie = `${reader.cookie}; agora-community=${community.id}`;
    const { html } = await page("/", cookie);
    const state = stateOf(html);
    expect(firstScreenOf(html)).toContain("First on the home feed");
    expect(dataAt(state, ["me"])).toMatchObject({ id: reader.id });
    expect(dataAt(state, ["me", "communities"])).toEqual([expect.objectContaining({ id: community.id, name: "Home Feed" })]);
    const list = dataAt(state, ["feed", community.id, "posts", "all"]) as {
      pages: { items: { id: string }[] }[];
      pageParams: unknown[];
    };
    expect(list.pages[0]!.items.map((p) => p.id)).toEqual([post.id]);
    expect(list.pageParams).toEqual([null]);
    expect(dataAt(state, ["feed", community.id, "topics"])).toEqual(expect.any(Array));
    // The sidebar's figures are written, not skeletons waiting for a request.
    const stats = await (await call(`/api/communities/${community.id}/stats`, { cookie: reader.cookie })).json();
    expect(dataAt(state, ["feed", community.id, "stats"])).toEqual(stats);
    // (The sidebar's placeholders: a figure's and the trending topics'.)
    expect(firstScreenOf(html)).not.toMatch(/h-5 w-8 animate-pulse|h-16 animate-pulse/);
    expect(firstScreenOf(html)).toContain("No topic has new posts this week.");
    // The header's figures too, so the app does not ask for them as it starts.
    const mine = await seedPost(db, community.id, reader.id, "The reader's own post");
    expect((await call(`/api/posts/${mine.id}/comments`, { body: { content: "Welcome!" }, cookie: owner.cookie })).status).toBe(
      201,
    );
    const withHeader = stateOf((await page("/", cookie)).html);
    const count = async (path: string) =>
      ((await (await call(path, { cookie: reader.cookie })).json()) as { count: number }).count;
    const unread = await count(`/api/notifications/unread-count?communityId=${community.id}`);
    expect(unread).toBeGreaterThan(0);
    expect(dataAt(withHeader, ["notifications", "unread-count", community.id])).toBe(unread);
    expect(dataAt(withHeader, ["conversations", "unread-count"])).toBe(await count("/api/conversations/unread-count"));
    expect(dataAt(withHeader, ["me", "account", "deletion"])).toEqual(
      await (await call("/api/account/deletion", { cookie: reader.cookie })).json(),
    );
    // ?id= names the community as well (profile tiles link to /?id=...).
    const byParamPage = (await page(`/?id=${community.id}`, reader.cookie)).html;
    expect(dataAt(stateOf(byParamPage), ["feed", community.id, "posts", "all"])).toBeDefined();
    expect(firstScreenOf(byParamPage)).toContain("First on the home feed");
  });

  it("reads nothing of a community the person is not in, and nothing for a guest", async () => {
    const owner = await person();
    const stranger = await person("Home Stranger");
    const community = await seedCommunity(db, owner.id, { name: "Not Theirs" });
    await seedPost(db, community.id, owner.id, "Members only words");
    const { html } = await page("/", `${stranger.cookie}; agora-community=${community.id}`);
    expect(html).not.toContain("Members only words");
    const state = stateOf(html);
    expect(dataAt(state, ["me", "communities"])).toEqual([]);
    expect(dataAt(state, ["feed", community.id, "posts", "all"])).toBeUndefined();
    expect(dataAt(state, ["feed", community.id, "stats"])).toBeUndefined();
    const guest = stateOf((await page(`/?id=${community.id}`)).html);
    expect(dataAt(guest, ["me"])).toBeNull();
    expect(guest!.queries).toHaveLength(1);
  });

  it("preloads the texts and the date and number formats of the reader's own language, and none for a guest", async () => {
    const owner = await person();
    const reader = await person("Georgian Reader");
    const community = await seedCommunity(db, owner.id, { name: "Georgian Feed" });
    await seedMember(db, community.id, reader.id);
    await db.run(sql`update users set language = 'ka' where id = ${reader.id}`);
    const html = (await page("/", `${reader.cookie}; agora-community=${community.id}`)).html;
    for (const chunk of ["ka-texts-test.js", "ka-formats-test.js", "ka-feed-texts-test.js"]) {
      expect(codeOf(html).preloads).toContain(`/assets/${chunk}`);
    }
    expect((await page(`/?id=${community.id}`)).html).not.toContain("ka-texts-test.js");
  });

  it("keeps the offline shell free of anyone's session and feed, whoever asks for it", async () => {
    const owner = await person("Shell Owner");
    const community = await seedCommunity(db, owner.id, { name: "Shell Feed" });
    await seedPost(db, community.id, owner.id, "Words kept out of the shell");
    const { res, html } = await page("/app-shell", `${owner.cookie}; agora-community=${community.id}`);
    expect(stateOf(html)).toBeNull();
    expect(html).toContain('<div id="root" aria-busy="true">');
    expect(html).not.toContain("Shell Owner");
    expect(html).not.toContain("Words kept out of the shell");
    expect(html).toContain('<div id="root"');
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
  });
});
