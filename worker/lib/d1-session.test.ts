import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { closeAll, connect } from "../../party/test-socket";
import { call, createCommunity, createUser } from "../../tests/factories";
import type { AppEnv, HonoEnv } from "../env";
import { BOOKMARK_MAX_AGE_S, d1Session, isBookmark, sessionAsDatabase, sessionStart } from "./d1-session";
import { parseQueryStats } from "./query-count";

const OLD = "00000001-00000002-00000003-0123456789abcdef0123456789abcdef";
const NEW = "00000001-00000002-00000009-0123456789abcdef0123456789abcdef";

const bookmarkOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => /^(__Secure-)?agora\.d1_bookmark=/.test(c))
    ?.split(";")[0]!
    .split("=")[1] ?? null;

/** A signed-in user's cookie header with the bookmark cookie swapped for `value`. */
const withBookmark = (cookie: string, value: string) =>
  [...cookie.split("; ").filter((c) => c && !c.startsWith("agora.d1_bookmark=")), `agora.d1_bookmark=${value}`].join("; ");

describe("bookmark rules", () => {
  it("accepts D1's bookmark format only", () => {
    expect(isBookmark(OLD)).toBe(true);
    for (const bad of [null, "", "garbage", "first-primary", `${OLD}x`, OLD.toUpperCase(), `${OLD};Path=/`, "0".repeat(4096)]) {
      expect(isBookmark(bad)).toBe(false);
    }
  });

  it("starts writes on the primary and reads from the user's bookmark, or anywhere without one", () => {
    expect(sessionStart("GET", OLD)).toBe(OLD);
    expect(sessionStart("HEAD", OLD)).toBe(OLD);
    expect(sessionStart("GET", null)).toBe("first-unconstrained");
    expect(sessionStart("GET", "not-a-bookmark")).toBe("first-unconstrained");
    for (const method of ["POST", "PATCH", "PUT", "DELETE"]) {
      expect(sessionStart(method, OLD)).toBe("first-primary");
      expect(sessionStart(method, null)).toBe("first-primary");
    }
  });
});

/** A D1 binding whose sessions record how they were started and report `next` as their bookmark. */
function fakeD1(next: string | null) {
  const started: string[] = [];
  const statement = { first: async () => ({ ok: 1 }) } as unknown as D1PreparedStatement;
  const db = {
    prepare: () => statement,
    withSession: (start: string) => {
      started.push(start);
      return { prepare: () => statement, batch: async () => [], getBookmark: () => next } as unknown as D1DatabaseSession;
    },
  } as unknown as D1Database;
  return { db, started };
}

function appWith(db: D1Database, vars: Partial<AppEnv> = {}) {
  const app = new Hono<HonoEnv>()
    .use(d1Session())
    .all("/q", async (c) => c.json(await c.env.DB.prepare("select 1 as ok").first()));
  const bindings = { APP_ENV: "test", APP_URL: "http://app.test", DB_ENGINE: "d1", ...vars, DB: db } as AppEnv;
  return (init: RequestInit & { cookie?: string } = {}) =>
    app.request("http://app.test/q", { ...init, headers: init.cookie ? { cookie: init.cookie } : {} }, bindings);
}

describe("d1Session middleware", () => {
  it("continues a read from the bookmark cookie and sends the new bookmark back", async () => {
    const { db, started } = fakeD1(NEW);
    const res = await appWith(db)({ cookie: `other=1; agora.d1_bookmark=${OLD}` });
    expect(res.status).toBe(200);
    expect(started).toEqual([OLD]);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("agora.d1_bookmark="))!;
    expect(cookie).toBe(`agora.d1_bookmark=${NEW}; Max-Age=${BOOKMARK_MAX_AGE_S}; Path=/; HttpOnly; SameSite=Lax`);
  });

  it("sends no cookie when the bookmark did not move, or when no query ran", async () => {
    const { db } = fakeD1(OLD);
    expect((await appWith(db)({ cookie: `agora.d1_bookmark=${OLD}` })).headers.getSetCookie()).toEqual([]);
    const idle = fakeD1(null);
    expect((await appWith(idle.db)()).headers.getSetCookie()).toEqual([]);
  });

  it("ignores a malformed cookie instead of handing it to D1", async () => {
    const { db, started } = fakeD1(NEW);
    const res = await appWith(db)({ cookie: "agora.d1_bookmark=%00garbage" });
    expect(res.status).toBe(200);
    expect(started).toEqual(["first-unconstrained"]);
    expect(bookmarkOf(res)).toBe(NEW);
  });

  it("starts a write on the primary even with a bookmark", async () => {
    const { db, started } = fakeD1(NEW);
    await appWith(db)({ method: "POST", cookie: `agora.d1_bookmark=${OLD}` });
    expect(started).toEqual(["first-primary"]);
  });

  it("uses a Secure, __Secure- cookie in production", async () => {
    const { db, started } = fakeD1(NEW);
    const res = await appWith(db, { APP_ENV: "production", AUTH_SECRET: "s" })({
      cookie: `agora.d1_bookmark=${OLD}; __Secure-agora.d1_bookmark=${OLD}`,
    });
    expect(started).toEqual([OLD]);
    expect(res.headers.getSetCookie()).toEqual([
      `__Secure-agora.d1_bookmark=${NEW}; Max-Age=${BOOKMARK_MAX_AGE_S}; Path=/; HttpOnly; SameSite=Lax; Secure`,
    ]);
  });

  it("stands aside on the libSQL engine", async () => {
    const { db, started } = fakeD1(NEW);
    const res = await appWith(db, { DB_ENGINE: "libsql" })();
    expect(res.status).toBe(200);
    expect(started).toEqual([]);
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});

describe("a session seen as a D1Database", () => {
  it("runs statements in the session and refuses what would leave it", async () => {
    const db = sessionAsDatabase(env.DB.withSession("first-primary"));
    expect(await db.prepare("select 41 + 1 as n").first("n")).toBe(42);
    const [one] = await db.batch<{ n: number }>([db.prepare("select 7 as n")]);
    expect(one!.results).toEqual([{ n: 7 }]);
    await expect(db.exec("select 1")).rejects.toThrow(/not available inside a request's D1 session/);
    await expect(db.dump()).rejects.toThrow(/dump\(\)/);
    expect(() => db.withSession()).toThrow(/withSession\(\)/);
  });
});

describe("the bookmark round trip through the app", () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await closeAll();
  });

  it("a write sets the bookmark cookie, and the next request carries it and reads the write", async () => {
    const owner = await createUser();
    const member = await createUser();
    const community = await createCommunity(owner.user.id);

    const join = await call(`/api/communities/${community.id}/join`, { method: "POST", cookie: member.cookie });
    expect(join.status).toBeLessThan(300);
    const bookmark = bookmarkOf(join);
    expect(isBookmark(bookmark)).toBe(true);
    const setCookie = join.headers.getSetCookie().find((c) => c.startsWith("agora.d1_bookmark="))!;
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(new RegExp(`; Max-Age=${BOOKMARK_MAX_AGE_S}`));
    expect(setCookie).not.toMatch(/Secure/);

    const withSession = vi.spyOn(env.DB, "withSession");
    const mine = await call("/api/me/communities", { cookie: withBookmark(member.cookie, bookmark!) });
    expect(mine.status).toBe(200);
    expect(withSession).toHaveBeenCalledWith(bookmark);
    const { communities } = (await mine.json()) as { communities: { id: string; role: string }[] };
    expect(communities).toContainEqual(expect.objectContaining({ id: community.id, role: "member" }));
    // The query counter still sees every statement of the session.
    expect(parseQueryStats(mine.headers.get("Server-Timing"))?.statements).toBeGreaterThan(0);
  });

  it("answers normally when the bookmark cookie is garbage, and replaces it", async () => {
    const member = await createUser();
    const withSession = vi.spyOn(env.DB, "withSession");
    for (const garbage of ["garbage", "first-primary", "%E0%A4%A", "x".repeat(3000)]) {
      withSession.mockClear();
      const res = await call("/api/me/communities", { cookie: withBookmark(member.cookie, garbage) });
      expect(res.status).toBe(200);
      expect(withSession).toHaveBeenCalledWith("first-unconstrained");
      expect(isBookmark(bookmarkOf(res))).toBe(true);
    }
    const signedOut = await call("/api/me", { cookie: "agora.d1_bookmark=garbage" });
    expect(signedOut.status).toBe(200);
  });

  it("sets no cookie on a response that read nothing from D1 (a file)", async () => {
    const key = "community_image/00000000-0000-7000-8000-000000000000.png";
    const file = await call(`/files/${key}`, { cookie: `agora.d1_bookmark=${OLD}` });
    expect(file.status).toBe(404);
    expect(file.headers.getSetCookie()).toEqual([]);
  });

  it("a member who just joined opens the community room from the join's bookmark", async () => {
    const owner = await createUser();
    const member = await createUser();
    const community = await createCommunity(owner.user.id);
    const join = await call(`/api/communities/${community.id}/join`, { method: "POST", cookie: member.cookie });
    const bookmark = bookmarkOf(join)!;
    const withSession = vi.spyOn(env.DB, "withSession");
    const socket = await connect(`/parties/community-room/${community.id}`, { cookie: withBookmark(member.cookie, bookmark) });
    expect((await socket.next("welcome")).userId).toBe(member.user.id);
    expect(withSession).toHaveBeenCalledWith(bookmark);
  });
});
