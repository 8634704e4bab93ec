import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ActivityItem, OwnProfileView, PublicProfileView } from "../../../common/contract/profiles";
import { addMember, call, createCommunity, createUser, expectError, uploadImage, type TestUser } from "../../../tests/factories";
import { parseQueryStats } from "../../lib/query-count";

type ActivityPage = { items: ActivityItem[]; nextCursor: string | null };

async function post(u: TestUser, communityId: string, content: string): Promise<string> {
  const res = await call(`/api/communities/${communityId}/posts`, { body: { content }, cookie: u.cookie });
  expect(res.status).toBe(201);
  return ((await res.json()) as { post: { id: string } }).post.id;
}

async function comment(u: TestUser, postId: string, content: string) {
  expect((await call(`/api/posts/${postId}/comments`, { body: { content }, cookie: u.cookie })).status).toBe(201);
}

const json = async <T>(res: Response) => {
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};
const mine = (u: TestUser) => call("/api/me/profile", { cookie: u.cookie });
const viewOf = (u: TestUser, userId: string) => call(`/api/users/${userId}/profile`, { cookie: u.cookie });
const patch = (u: TestUser, body: unknown) => call("/api/me/profile", { method: "PATCH", body, cookie: u.cookie });
const stored = (userId: string) =>
  env.DB.prepare(
    "select full_name, bio, website, location, profession, birth_date, avatar_url, cover_url from users where id = ?",
  )
    .bind(userId)
    .first();

async function world() {
  const ana = await createUser({ name: "Ana" });
  const giorgi = await createUser({ name: "Giorgi" });
  const stranger = await createUser({ name: "Stranger" });
  const home = await createCommunity(ana.user.id, { name: "Home Guild" });
  const joined = await createCommunity(giorgi.user.id, { name: "Giorgi's Club" });
  const hidden = await createCommunity(stranger.user.id, { name: "Hidden Circle" });
  await addMember(home.id, giorgi.user.id);
  await addMember(joined.id, ana.user.id, "moderator");
  await addMember(hidden.id, ana.user.id);
  return { ana, giorgi, stranger, home, joined, hidden };
}

describe("own profile", () => {
  it("shows the person, their stats, communities and the five newest activities, in one round trip", async () => {
    const w = await world();
    const first = await post(w.ana, w.home.id, "My first post");
    await post(w.ana, w.joined.id, "x".repeat(200));
    await comment(w.ana, first, "A comment of mine");
    const giorgisPost = await post(w.giorgi, w.home.id, "Giorgi writes");
    expect((await call(`/api/posts/${giorgisPost}/like`, { method: "POST", cookie: w.ana.cookie })).status).toBe(200);
    expect((await call(`/api/posts/${first}/like`, { method: "POST", cookie: w.giorgi.cookie })).status).toBe(200);
    for (let i = 0; i < 3; i++) await post(w.ana, w.hidden.id, `hidden ${i}`);

    const res = await mine(w.ana);
    expect(parseQueryStats(res.headers.get("server-timing"))).toMatchObject({ statements: 3, roundTrips: 1 });
    const view = await json<OwnProfileView>(res);
    expect(view.profile).toMatchObject({ id: w.ana.user.id, fullName: "Ana", bio: null, birthDate: null });
    expect(view.profile.joinedAt).toBeGreaterThan(0);
    expect(view.profile).not.toHaveProperty("email");
    // 10 per post (5 posts), 5 for the comment, 2 for Giorgi's like, 10 for creating Home Guild is not
    // written by the test factory: the points table is the truth.
    const { total } = (await env.DB.prepare("select sum(points) as total from user_points where user_id = ?")
      .bind(w.ana.user.id)
      .first<{ total: number }>())!;
    expect(view.stats).toEqual({ totalPoints: total, communities: 3, posts: 5, likes: 1 });
    expect(view.communities.map((c) => [c.name, c.isCreator, c.role])).toEqual([
      ["Home Guild", true, "admin"],
      ["Hidden Circle", false, "member"],
      ["Giorgi's Club", false, "moderator"],
    ]);
    expect(view.communities.find((c) => c.name === "Hidden Circle")!.points).toBe(30);
    expect(view.level).toBe(Math.max(...view.communities.map((c) => c.level)));
    expect(view.activity.items).toHaveLength(5);
    expect(view.activity.nextCursor).not.toBeNull();
    const kinds = view.activity.items.map((a) => a.type);
    expect(kinds.slice(0, 3)).toEqual(["post", "post", "post"]);
    expect(kinds.slice(3)).toEqual(["like", "comment"]);
    expect(view.activity.items[3]).toMatchObject({ content: "Giorgi writes", pointsEarned: 0, communityName: "Home Guild" });
    expect(view.activity.items[4]).toMatchObject({ content: "A comment of mine", pointsEarned: 5, postId: first });
  });

  it("pages all activity by keyset: every item once, newest first, also when times tie", async () => {
    const w = await world();
    const postId = await post(w.ana, w.home.id, "p0");
    for (let i = 1; i < 7; i++) await post(w.ana, w.home.id, `p${i}`);
    for (let i = 0; i < 6; i++) await comment(w.ana, postId, `c${i}`);
    // Same millisecond for several rows: the key breaks the tie.
    await env.DB.prepare("update post_comments set created_at = 1000 where author_id = ?").bind(w.ana.user.id).run();
    const seen: ActivityItem[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const q: string = cursor ? `&cursor=${cursor}` : "";
      const res = await call(`/api/users/${w.ana.user.id}/activity?limit=4${q}`, { cookie: w.ana.cookie });
      expect(parseQueryStats(res.headers.get("server-timing"))).toMatchObject({ statements: 2, roundTrips: 1 });
      const page: ActivityPage = await json<ActivityPage>(res);
      seen.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(13);
    expect(new Set(seen.map((a) => a.id)).size).toBe(13);
    const times = seen.map((a) => a.createdAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(seen.at(-1)!.createdAt).toBe(1000);
  });

  it("cuts long texts at 150 characters with '...'", async () => {
    const w = await world();
    await post(w.ana, w.home.id, "y".repeat(151));
    const view = await json<OwnProfileView>(await mine(w.ana));
    expect(view.activity.items[0]!.content).toBe(`${"y".repeat(150)}...`);
  });

  it("leaves out one's own content where one can no longer read it, and keeps the community's tile", async () => {
    const w = await world();
    await post(w.ana, w.joined.id, "Before the review");
    await env.DB.prepare("update communities set review_status = 'under_review' where id = ?").bind(w.joined.id).run();
    const view = await json<OwnProfileView>(await mine(w.ana));
    expect(view.activity.items).toEqual([]);
    expect(view.stats.posts).toBe(0);
    expect(view.communities.map((c) => c.name)).toContain("Giorgi's Club");
  });

  it("rejects a bad cursor or limit with field issues", async () => {
    const w = await world();
    for (const q of ["cursor=nope", "limit=0", "limit=51"]) {
      const body = await expectError(await call(`/api/users/${w.ana.user.id}/activity?${q}`, { cookie: w.ana.cookie }), 422);
      expect(body.error.issues?.length).toBeGreaterThan(0);
    }
  });

  it("needs a session", async () => {
    await expectError(await call("/api/me/profile"), 401);
    await expectError(await call("/api/me/profile", { method: "PATCH", body: { bio: "x" } }), 401);
  });
});

describe("editing one's profile", () => {
  it("takes only one's own avatar and cover uploads (or the pictures already shown), writing nothing otherwise", async () => {
    const ana = await createUser();
    const giorgi = await createUser();
    const own = { avatarUrl: await uploadImage(ana.cookie, "avatar"), coverUrl: await uploadImage(ana.cookie, "cover") };
    expect((await patch(ana, { ...own, bio: "First" })).status).toBe(200);
    const his = await uploadImage(giorgi.cookie, "avatar");
    const nobodys = `/files/cover/${crypto.randomUUID()}.png`;
    const refused = await expectError(
      await patch(ana, { avatarUrl: his, coverUrl: nobodys, bio: "Second" }),
      422,
      "VALIDATION_FAILED",
    );
    expect(refused.error.issues?.map((i) => i.path)).toEqual(["avatarUrl", "coverUrl"]);
    const oneBad = await expectError(await patch(ana, { avatarUrl: his, bio: "Third" }), 422, "VALIDATION_FAILED");
    expect(oneBad.error.issues?.map((i) => i.path)).toEqual(["avatarUrl"]);
    const shown = ((await (await mine(ana)).json()) as OwnProfileView).profile;
    expect(shown).toMatchObject({ ...own, bio: "First" });
    // Saving the pictures already shown again, and removing one, goes through.
    expect((await patch(ana, { ...own, bio: "Again" })).status).toBe(200);
    expect((await patch(ana, { coverUrl: null })).status).toBe(200);
    expect(((await (await mine(ana)).json()) as OwnProfileView).profile).toMatchObject({
      coverUrl: null,
      bio: "Again",
    });
  });

  it("stores what was sent, empty optional values as null, uploaded images only", async () => {
    const w = await world();
    const avatarUrl = await uploadImage(w.ana.cookie, "avatar");
    const coverUrl = await uploadImage(w.ana.cookie, "cover");
    const res = await patch(w.ana, {
      fullName: "  Ana Beridze ",
      profession: "Designer",
      location: "Tbilisi, Georgia",
      website: "https://ana.example.com",
      bio: "Hello\nworld",
      birthDate: "1990-05-01",
      avatarUrl,
      coverUrl,
    });
    expect(parseQueryStats(res.headers.get("server-timing"))?.roundTrips).toBe(1);
    expect(await json(res)).toMatchObject({ fullName: "Ana Beridze", avatarUrl, coverUrl, birthDate: "1990-05-01" });
    const cleared = await json(await patch(w.ana, { profession: "", website: "", avatarUrl: null, birthDate: "" }));
    expect(cleared).toMatchObject({ profession: null, website: null, avatarUrl: null, birthDate: null, coverUrl });
    expect(await stored(w.ana.user.id)).toEqual({
      full_name: "Ana Beridze",
      bio: "Hello\nworld",
      website: null,
      location: "Tbilisi, Georgia",
      profession: null,
      birth_date: null,
      avatar_url: null,
      cover_url: coverUrl,
    });
    // The session answers the new name.
    const me = (await (await call("/api/me", { cookie: w.ana.cookie })).json()) as { user: { fullName: string } };
    expect(me.user.fullName).toBe("Ana Beridze");
  });

  const tomorrow = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  it.each([
    [{ bio: "b".repeat(201) }, "bio", "Bio must be at most 200 characters"],
    [{ website: "not a site" }, "website", "Website must be a web address starting with http:// or https://"],
    [{ website: "javascript:alert(1)" }, "website", "Website must be a web address starting with http:// or https://"],
    [{ birthDate: tomorrow }, "birthDate", "Birth date cannot be in the future"],
    [{ birthDate: "2001-02-30" }, "birthDate", "Birth date must be a real date"],
    [{ fullName: "" }, "fullName", "Full name is required"],
    [{ fullName: "Evil\u202eName" }, "fullName", "Full name contains characters that are not allowed"],
    [{ avatarUrl: "https://evil.example/x.png" }, "avatarUrl", "Images must be uploaded first"],
    [{ coverUrl: "/files/avatar/00000000-0000-0000-0000-000000000000.png" }, "coverUrl", "Images must be uploaded first"],
    [{ email: "new@example.com" }, "(root)", undefined],
  ])("refuses %j with a 422 on its field and writes nothing", async (body, path, message) => {
    const w = await world();
    const before = await stored(w.ana.user.id);
    const res = await patch(w.ana, { location: "Batumi", ...body });
    const error = await expectError(res, 422, "VALIDATION_FAILED");
    const issue = error.error.issues?.find((i) => i.path === path);
    expect(issue).toBeTruthy();
    if (message) expect(issue!.message).toBe(message);
    expect(await stored(w.ana.user.id)).toEqual(before);
  });

  it("answers 400 to a body that is not JSON", async () => {
    const w = await world();
    await expectError(
      await call("/api/me/profile", {
        method: "PATCH",
        rawBody: "{",
        cookie: w.ana.cookie,
        headers: { "content-type": "application/json" },
      }),
      400,
    );
  });
});

describe("another member's profile", () => {
  it("shows public fields and only what the viewer shares with them", async () => {
    const w = await world();
    await patch(w.ana, { bio: "Public bio", birthDate: "1990-01-01", profession: "Teacher" });
    await post(w.ana, w.home.id, "In Home Guild");
    await post(w.ana, w.hidden.id, "In Hidden Circle");
    const res = await viewOf(w.giorgi, w.ana.user.id);
    expect(parseQueryStats(res.headers.get("server-timing"))).toMatchObject({ statements: 3, roundTrips: 1 });
    const text = await res.clone().text();
    const view = await json<PublicProfileView>(res);
    expect(view.profile).toMatchObject({ fullName: "Ana", bio: "Public bio", profession: "Teacher" });
    expect(view.profile).not.toHaveProperty("birthDate");
    expect(text).not.toContain(w.ana.user.email);
    expect(text).not.toContain("1990-01-01");
    expect(text).not.toContain("Hidden Circle");
    expect(view.communities.map((c) => c.name).sort()).toEqual(["Giorgi's Club", "Home Guild"]);
    expect(view.activity.items.map((a) => a.content)).toEqual(["In Home Guild"]);
    expect(view.stats.posts).toBe(1);
    expect(view.stats.communities).toBe(2);
    expect(view).toMatchObject({ isSelf: false, blockedByMe: false });

    // Someone who shares nothing sees the person, none of their communities or activity.
    const outsider = await createUser();
    const far = await json<PublicProfileView>(await viewOf(outsider, w.ana.user.id));
    expect(far.communities).toEqual([]);
    expect(far.activity.items).toEqual([]);
    expect(far.stats).toEqual({ totalPoints: 0, communities: 0, posts: 0, likes: 0 });
  });

  it("is gone for the one its person blocked; the one who blocked sees it with no activity and can unblock", async () => {
    const w = await world();
    await post(w.giorgi, w.home.id, "Giorgi's post");
    expect((await call(`/api/users/${w.giorgi.user.id}/block`, { method: "PUT", cookie: w.ana.cookie })).status).toBe(200);
    await expectError(await viewOf(w.giorgi, w.ana.user.id), 404);
    await expectError(await call(`/api/users/${w.ana.user.id}/activity`, { cookie: w.giorgi.cookie }), 404);
    const blocked = await json<PublicProfileView>(await viewOf(w.ana, w.giorgi.user.id));
    expect(blocked).toMatchObject({ blockedByMe: true, communities: [], activity: { items: [], nextCursor: null } });
    expect(blocked.profile.fullName).toBe("Giorgi");
    await expectError(await call(`/api/users/${w.giorgi.user.id}/activity`, { cookie: w.ana.cookie }), 404);

    expect((await call(`/api/users/${w.giorgi.user.id}/block`, { method: "DELETE", cookie: w.ana.cookie })).status).toBe(200);
    const back = await json<PublicProfileView>(await viewOf(w.ana, w.giorgi.user.id));
    expect(back.blockedByMe).toBe(false);
    expect(back.activity.items.map((a) => a.content)).toEqual(["Giorgi's post"]);
  });

  it("hides activity under a post whose author blocked the viewer", async () => {
    const w = await world();
    const giorgisPost = await post(w.giorgi, w.home.id, "Giorgi's post");
    await comment(w.ana, giorgisPost, "Ana answers Giorgi");
    const third = await createUser();
    await addMember(w.home.id, third.user.id);
    expect((await call(`/api/users/${third.user.id}/block`, { method: "PUT", cookie: w.giorgi.cookie })).status).toBe(200);
    const view = await json<PublicProfileView>(await viewOf(third, w.ana.user.id));
    expect(view.activity.items).toEqual([]);
  });

  it("shows one's own profile through the same route, marked as one's own", async () => {
    const w = await world();
    expect(await json<PublicProfileView>(await viewOf(w.ana, w.ana.user.id))).toMatchObject({ isSelf: true });
  });

  it("answers 404 for nobody, 401 for guests, 422 for a malformed id", async () => {
    const w = await world();
    await expectError(await viewOf(w.ana, "nobody"), 404);
    await expectError(await call(`/api/users/${w.ana.user.id}/profile`), 401);
    await expectError(await viewOf(w.ana, "x".repeat(65)), 422);
  });
});

describe("place suggestions", () => {
  const places = async (u: TestUser, q: string) =>
    (
      await json<{ items: { id: string; name: string; label: string }[] }>(
        await call(`/api/places?q=${encodeURIComponent(q)}`, { cookie: u.cookie }),
      )
    ).items;

  it("find places from 3 characters in any of the three languages, at most 5, in the asked language", async () => {
    const w = await world();
    expect((await places(w.ana, "tbi"))[0]).toEqual({ id: "GE-tbilisi", name: "Tbilisi", label: "Tbilisi, Georgia" });
    expect((await places(w.ana, "ბათ"))[0]!.label).toBe("Batumi, Georgia");
    const ru = await json<{ items: { label: string }[] }>(
      await call("/api/places?q=%D0%BA%D1%83%D1%82&lang=ru", { cookie: w.ana.cookie }),
    );
    expect(ru.items[0]!.label).toBe("Кутаиси, Грузия");
    const ka = await json<{ items: { label: string }[] }>(await call("/api/places?q=tbilisi&lang=ka", { cookie: w.ana.cookie }));
    expect(ka.items[0]!.label).toBe("თბილისი, საქართველო");
    // Six places hold "kha": the five best are answered, names that start with it first.
    const kha = await places(w.ana, "kha");
    expect(kha).toHaveLength(5);
    expect(kha.slice(0, 2).map((p) => p.name)).toEqual(["Khashuri", "Kharkiv"]);
  });

  it("refuse short text, guests and unknown languages", async () => {
    const w = await world();
    const short = await expectError(await call("/api/places?q=tb", { cookie: w.ana.cookie }), 422);
    expect(short.error.issues?.[0]).toEqual({ path: "q", message: "Type at least 3 characters" });
    await expectError(await call("/api/places?q=tbilisi&lang=de", { cookie: w.ana.cookie }), 422);
    await expectError(await call("/api/places?q=tbilisi"), 401);
  });
});
