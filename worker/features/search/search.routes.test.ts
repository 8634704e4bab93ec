import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newId } from "../../../common/ids";
import type { SearchHit } from "../../../common/contract/search";
import { addMember, call, createCommunity, createUser, type TestUser } from "../../../tests/factories";
import { parseQueryStats } from "../../lib/query-count";

type Groups = Record<"communities" | "posts" | "people" | "events" | "courses", SearchHit[]>;
type Page = { items: SearchHit[]; nextCursor: string | null };

/** A word no other test uses, so each test finds only its own rows. */
const word = () => `w${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;

async function find(u: TestUser | undefined, q: string, query = ""): Promise<Groups> {
  const res = await call(`/api/search?q=${encodeURIComponent(q)}${query}`, { cookie: u?.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as Groups;
}
/** One kind's first page (comments are not among the header's groups). */
async function findAll(u: TestUser, kind: string, q: string): Promise<SearchHit[]> {
  const res = await call(`/api/search/${kind}?q=${encodeURIComponent(q)}`, { cookie: u.cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as Page).items;
}
const marked = (h: { text: string; marks: [number, number][] }) => h.marks.map(([a, b]) => h.text.slice(a, b));

async function post(u: TestUser, communityId: string, content: string, headline?: string) {
  const res = await call(`/api/communities/${communityId}/posts`, { body: { content, headline }, cookie: u.cookie });
  expect(res.status).toBe(201);
  return ((await res.json()) as { post: { id: string } }).post.id;
}

async function comment(u: TestUser, postId: string, content: string) {
  const res = await call(`/api/posts/${postId}/comments`, { body: { content }, cookie: u.cookie });
  expect(res.status).toBe(201);
  return ((await res.json()) as { comment: { id: string } }).comment.id;
}

/** A post written straight to the table, with the time it was made. */
async function rawPost(communityId: string, authorId: string, headline: string | null, content: string, createdAt = Date.now()) {
  const id = newId();
  await env.DB.prepare(
    "insert into posts (id, community_id, author_id, headline, content, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(id, communityId, authorId, headline, content, createdAt, createdAt)
    .run();
  return id;
}

async function event(communityId: string, ownerId: string, name: string, description = "") {
  const id = newId();
  const now = Date.now();
  await env.DB.prepare(
    `insert into community_events (id, community_id, name, description, location, start_time, end_time, event_type, created_by, created_at, updated_at)
     values (?, ?, ?, ?, 'Tbilisi', ?, ?, 'Meetup', ?, ?, ?)`,
  )
    .bind(id, communityId, name, description, now + 86_400_000, now + 90_000_000, ownerId, now, now)
    .run();
  return id;
}

async function course(communityId: string, ownerId: string, title: string, description = "") {
  const id = newId();
  const now = Date.now();
  await env.DB.prepare(
    "insert into classroom_courses (id, community_id, title, description, created_by, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(id, communityId, title, description, ownerId, now, now)
    .run();
  return id;
}

const block = (blocker: TestUser, blocked: TestUser) =>
  env.DB.prepare("insert into blocked_users (blocker_id, blocked_id, created_at) values (?, ?, ?)")
    .bind(blocker.user.id, blocked.user.id, Date.now())
    .run();

describe("search finds", () => {
  it("every kind a member may see, grouped, with its community, in one round trip", async () => {
    const w = word();
    const owner = await createUser({ name: `Nino ${w}` });
    const member = await createUser();
    const community = await createCommunity(owner.user.id, { name: `Circle ${w}` });
    await addMember(community.id, member.user.id);
    const postId = await post(owner, community.id, `All about ${w} here`, "Hello");
    const commentId = await comment(member, postId, `A comment on ${w}`);
    const eventId = await event(community.id, owner.user.id, `Meetup ${w}`);
    const courseId = await course(community.id, owner.user.id, `Course ${w}`, "Six lessons");

    const res = await call(`/api/search?q=${w}`, { cookie: member.cookie });
    expect(parseQueryStats(res.headers.get("server-timing"))).toMatchObject({ statements: 2, roundTrips: 1 });
    const found = (await res.json()) as Groups;
    expect(found.communities.map((h) => [h.id, h.membersCount])).toEqual([[community.id, 2]]);
    expect(found.posts.map((h) => [h.id, h.communityName, h.authorName])).toEqual([[postId, community.name, `Nino ${w}`]]);
    expect(Object.keys(found)).toEqual(["communities", "posts", "people", "events", "courses"]);
    expect((await findAll(member, "comments", w)).map((h) => [h.id, h.postId, h.authorName])).toEqual([
      [commentId, postId, "Test User"],
    ]);
    expect(found.people.map((h) => [h.id, h.communityId])).toEqual([[owner.user.id, community.id]]);
    expect(found.events.map((h) => [h.id, h.communityName])).toEqual([[eventId, community.name]]);
    expect(found.events[0]!.startTime).toBeGreaterThan(Date.now());
    expect(found.courses.map((h) => [h.id, h.snippet?.text])).toEqual([[courseId, "Six lessons"]]);
  });

  it("ranks by relevance (headline above content), then newer first among equals", async () => {
    const w = word();
    const owner = await createUser();
    const community = await createCommunity(owner.user.id);
    const now = Date.now();
    const inContent = await rawPost(
      community.id,
      owner.user.id,
      "Notes",
      `a long text that mentions ${w} once among many other words`,
      now,
    );
    const inHeadline = await rawPost(community.id, owner.user.id, `${w} guide`, "short body", now - 60_000);
    const older = await rawPost(community.id, owner.user.id, null, `${w} twin`, now - 120_000);
    const newer = await rawPost(community.id, owner.user.id, null, `${w} twin`, now - 90_000);
    const found = await find(owner, w);
    expect(found.posts.map((h) => h.id)).toEqual([inHeadline, newer, older, inContent]);
  });

  it("matches the start of the last word as it is typed, but one letter only as a word", async () => {
    const w = word();
    const owner = await createUser();
    const community = await createCommunity(owner.user.id);
    const id = await rawPost(community.id, owner.user.id, `${w}startup weekend`, "pitch night");
    expect((await find(owner, `${w}startu`)).posts.map((h) => h.id)).toEqual([id]);
    expect((await find(owner, `weekend ${w}st`)).posts.map((h) => h.id)).toEqual([id]);
    // Only the last word is a prefix: an unfinished word before it must match whole.
    expect((await find(owner, `${w}st weekend`)).posts).toEqual([]);
    expect(marked((await find(owner, `${w}startu`)).posts[0]!.title)).toEqual([`${w}startup`]);
    const single = await rawPost(community.id, owner.user.id, null, `${w} x marks the spot`);
    expect((await find(owner, `${w} x`)).posts.map((h) => h.id)).toEqual([single]);
  });

  it('matches "quoted words" as a phrase', async () => {
    const w = word();
    const owner = await createUser();
    const community = await createCommunity(owner.user.id);
    const phrase = await rawPost(community.id, owner.user.id, null, `${w} garden party tonight`);
    const apart = await rawPost(community.id, owner.user.id, null, `${w} party in the garden`);
    expect((await find(owner, `${w} "garden party"`)).posts.map((h) => h.id)).toEqual([phrase]);
    expect((await find(owner, `${w} garden party`)).posts.map((h) => h.id).sort()).toEqual([phrase, apart].sort());
    // A quote still open while typing: the phrase so far, its last word as a prefix.
    expect((await find(owner, `${w} "garden par`)).posts.map((h) => h.id)).toEqual([phrase]);
  });

  it("finds Georgian words, Russian in any case, and ё as е", async () => {
    const w = word();
    const owner = await createUser({ name: `Тамара Ёлкина ${w}` });
    const community = await createCommunity(owner.user.id);
    const georgian = await rawPost(community.id, owner.user.id, "სტარტაპების შეხვედრა", `${w} თბილისში`);
    const russian = await rawPost(community.id, owner.user.id, "ВСТРЕЧА в Москве", `${w} Ёлка у входа`);
    expect((await find(owner, `${w} სტარტაპ`)).posts.map((h) => h.id)).toEqual([georgian]);
    expect((await find(owner, `${w} თბილისში`)).posts.map((h) => h.id)).toEqual([georgian]);
    expect((await find(owner, `${w} встреча москве`)).posts.map((h) => h.id)).toEqual([russian]);
    expect((await find(owner, `${w} МОСКВ`)).posts.map((h) => h.id)).toEqual([russian]);
    expect((await find(owner, `${w} елка`)).posts.map((h) => h.id)).toEqual([russian]);
    expect((await find(owner, `${w} ёлка`)).posts.map((h) => h.id)).toEqual([russian]);
    const person = await find(owner, `елкина ${w}`);
    expect(person.people.map((h) => h.id)).toEqual([owner.user.id]);
    expect(marked(person.people[0]!.title)).toEqual(["Ёлкина", w]);
    const hit = (await find(owner, `${w} москв`)).posts[0]!;
    expect(marked(hit.title)).toEqual(["Москве"]);
  });

  it("folds Latin accents both ways", async () => {
    const w = word();
    const owner = await createUser();
    const community = await createCommunity(owner.user.id);
    const id = await rawPost(community.id, owner.user.id, "Café crème", `${w} naïve`);
    expect((await find(owner, `${w} cafe creme naive`)).posts.map((h) => h.id)).toEqual([id]);
    expect((await find(owner, `${w} CAFÉ`)).posts.map((h) => h.id)).toEqual([id]);
  });

  it("answers plain text and the ranges that matched, never markup", async () => {
    const w = word();
    const owner = await createUser();
    const community = await createCommunity(owner.user.id);
    const headline = `<img src=x onerror=alert(1)> ${w} <b>bold</b>`;
    await rawPost(
      community.id,
      owner.user.id,
      headline,
      `Before ${"filler ".repeat(40)}the ${w} & "quotes" <script>x</script> after ${"more ".repeat(40)}`,
    );
    const hit = (await find(owner, `${w} bold`)).posts[0]!;
    expect(hit.title.text).toBe(headline);
    expect(marked(hit.title)).toEqual([w, "bold"]);
    expect(hit.snippet!.text).toMatch(/^….*<script>x<\/script>.*…$/);
    expect(hit.snippet!.text.length).toBeLessThanOrEqual(162);
    expect(marked(hit.snippet!)).toEqual([w]);
  });

  it("pages one kind best first without repeats or gaps", async () => {
    const w = word();
    const owner = await createUser();
    const community = await createCommunity(owner.user.id);
    const now = Date.now();
    const made: string[] = [];
    for (let i = 0; i < 13; i++) {
      made.push(
        await rawPost(community.id, owner.user.id, i % 4 === 0 ? `${w} headline` : null, `${w} body ${i}`, now - i * 1000),
      );
    }
    const seen: string[] = [];
    let cursor: string | null = "";
    let pages = 0;
    while (cursor !== null) {
      const res = await call(`/api/search/posts?q=${w}&limit=5${cursor ? `&cursor=${cursor}` : ""}`, { cookie: owner.cookie });
      expect(parseQueryStats(res.headers.get("server-timing"))).toMatchObject({ statements: 2, roundTrips: 1 });
      const page = (await res.json()) as Page;
      seen.push(...page.items.map((h) => h.id));
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(13);
    expect(seen.slice(0, 4).sort()).toEqual([made[0], made[4], made[8], made[12]].sort());
    // Among equal ranks, newer first.
    expect(seen.slice(4)).toEqual(made.filter((_, i) => i % 4 !== 0));
    const grouped = await find(owner, w, "&limit=3");
    expect(grouped.posts.map((h) => h.id)).toEqual(seen.slice(0, 3));
  });

  it("ranks the newest 50 matches of a kind, then pages on through the older ones, newest first", async () => {
    const w = word();
    const owner = await createUser();
    const blocked = await createUser();
    const community = await createCommunity(owner.user.id);
    await addMember(community.id, blocked.user.id);
    const now = Date.now();
    // Written in time order, older than the ranked window: the best match of all, one by someone the viewer
    // blocked, and two more.
    const oldest = await rawPost(community.id, owner.user.id, `${w} ${w} ${w} best match`, w, now - 3_600_000);
    await rawPost(community.id, blocked.user.id, null, `${w} hidden`, now - 2_000_000);
    const two = await rawPost(community.id, owner.user.id, null, `${w} older two`, now - 1_900_000);
    const one = await rawPost(community.id, owner.user.id, null, `${w} older one`, now - 1_800_000);
    const older = [one, two];
    await env.DB.prepare("insert into blocked_users (blocker_id, blocked_id, created_at) values (?, ?, ?)")
      .bind(owner.user.id, blocked.user.id, now)
      .run();
    const rest: string[] = [];
    for (let i = 0; i < 50; i++) rest.push(await rawPost(community.id, owner.user.id, null, `${w} number ${i}`, now - i * 1000));
    const page = async (cursor: string | null, limit: number) => {
      const res = await call(`/api/search/posts?q=${w}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`, {
        cookie: owner.cookie,
      });
      expect(parseQueryStats(res.headers.get("server-timing"))?.roundTrips).toBe(1);
      return (await res.json()) as Page;
    };
    const first = await page(null, 50);
    expect(first.items.map((h) => h.id).sort()).toEqual([...rest].sort());
    expect(first.nextCursor).not.toBeNull();
    const second = await page(first.nextCursor, 2);
    expect(second.items.map((h) => h.id)).toEqual(older);
    const third = await page(second.nextCursor, 2);
    expect(third.items.map((h) => h.id)).toEqual([oldest]);
    expect(third.nextCursor).toBeNull();
    // A more precise search ranks it first.
    const precise = (await (await call(`/api/search/posts?q=${w}+best`, { cookie: owner.cookie })).json()) as Page;
    expect(precise.items.map((h) => h.id)).toEqual([oldest]);
    expect(precise.nextCursor).toBeNull();
  });

  it("refuses a cursor it did not make", async () => {
    const owner = await createUser();
    for (const cursor of [btoa(JSON.stringify({ older: "x" })), btoa(JSON.stringify({ older: 5, id: "y" })), "%%%"]) {
      const res = await call(`/api/search/posts?q=anything&cursor=${encodeURIComponent(cursor)}`, { cookie: owner.cookie });
      expect(res.status).toBe(422);
    }
  });
});

describe("search shows only what the viewer may see", () => {
  async function world() {
    const w = word();
    const owner = await createUser();
    const admin = await createUser();
    const moderator = await createUser();
    const member = await createUser();
    const elsewhere = await createUser();
    const outsider = await createUser();
    const staff = await createUser({ staff: true });
    const community = await createCommunity(owner.user.id, { name: `Private ${w}` });
    const other = await createCommunity(elsewhere.user.id);
    await addMember(community.id, admin.user.id, "admin");
    await addMember(community.id, moderator.user.id, "moderator");
    await addMember(community.id, member.user.id);
    const postId = await post(owner, community.id, `Members only ${w}`);
    const commentId = await comment(member, postId, `Reply ${w}`);
    const eventId = await event(community.id, owner.user.id, `Event ${w}`);
    const courseId = await course(community.id, owner.user.id, `Course ${w}`);
    return {
      w,
      owner,
      admin,
      moderator,
      member,
      elsewhere,
      outsider,
      staff,
      community,
      other,
      postId,
      commentId,
      eventId,
      courseId,
    };
  }
  /** The members-only content a person finds: the grouped kinds and the comments. */
  const contentIds = async (u: TestUser, q: string) => {
    const g = await find(u, q);
    return [...g.posts, ...(await findAll(u, "comments", q)), ...g.events, ...g.courses].map((h) => h.id).sort();
  };

  it("needs a session", async () => {
    expect((await call(`/api/search?q=x`)).status).toBe(401);
    expect((await call(`/api/search/posts?q=x`)).status).toBe(401);
    expect((await call(`/api/search?q=`)).status).toBe(401);
  });

  it("gives members, moderators, admins and the owner the community's content; others only the listed community", async () => {
    const s = await world();
    const all = [s.postId, s.commentId, s.eventId, s.courseId].sort();
    for (const role of ["owner", "admin", "moderator", "member"] as const) {
      expect(`${role}: ${(await contentIds(s[role], s.w)).join(",")}`).toBe(`${role}: ${all.join(",")}`);
    }
    for (const role of ["outsider", "elsewhere", "staff"] as const) {
      expect(`${role}: ${(await contentIds(s[role], s.w)).join(",")}`).toBe(`${role}: `);
      expect((await find(s[role], s.w)).communities.map((h) => h.id)).toEqual([s.community.id]);
    }
    // Members are found by the people they share a community with, and only by them.
    const name = `Findable ${s.w}`;
    await env.DB.prepare("update users set full_name = ? where id = ?").bind(name, s.member.user.id).run();
    expect((await find(s.owner, name)).people.map((h) => h.id)).toEqual([s.member.user.id]);
    expect((await find(s.elsewhere, name)).people).toEqual([]);
    expect((await find(s.staff, name)).people).toEqual([]);
  });

  it("hides content and people both ways when one blocked the other", async () => {
    const s = await world();
    await env.DB.prepare("update users set full_name = ? where id = ?").bind(`Owner ${s.w}`, s.owner.user.id).run();
    await block(s.owner, s.member);
    const blocked = await find(s.member, s.w);
    expect(blocked.posts).toEqual([]);
    // The comment is the member's own, but it sits under the blocker's post.
    expect(await findAll(s.member, "comments", s.w)).toEqual([]);
    expect(blocked.people).toEqual([]);
    expect(blocked.events.map((h) => h.id)).toEqual([s.eventId]);
    const blocker = await find(s.owner, s.w);
    expect(blocker.posts.map((h) => h.id)).toEqual([s.postId]);
    expect(await findAll(s.owner, "comments", s.w)).toEqual([]);
  });

  it("hides a paid community's content once the member's access ended, and a community under review from its members", async () => {
    const s = await world();
    await env.DB.prepare("update communities set is_paid = 1 where id = ?").bind(s.community.id).run();
    await env.DB.prepare("update community_members set access_until = ? where community_id = ? and profile_id = ?")
      .bind(Date.now() - 1000, s.community.id, s.member.user.id)
      .run();
    expect(await contentIds(s.member, s.w)).toEqual([]);
    expect(await contentIds(s.moderator, s.w)).toHaveLength(4);
    await env.DB.prepare("update communities set review_status = 'under_review' where id = ?").bind(s.community.id).run();
    expect(await contentIds(s.admin, s.w)).toEqual([]);
    expect((await find(s.admin, s.w)).communities).toEqual([]);
    expect(await contentIds(s.owner, s.w)).toHaveLength(4);
    expect((await find(s.owner, s.w)).communities.map((h) => h.id)).toEqual([s.community.id]);
  });

  it("shows an archived community to its members only", async () => {
    const s = await world();
    await env.DB.prepare("update communities set archived = 1 where id = ?").bind(s.community.id).run();
    expect((await find(s.member, s.w)).communities.map((h) => h.id)).toEqual([s.community.id]);
    expect((await find(s.outsider, s.w)).communities).toEqual([]);
  });

  it("shows a draft course to the community's owner and admins only", async () => {
    const w = word();
    const owner = await createUser();
    const admin = await createUser();
    const member = await createUser();
    const community = await createCommunity(owner.user.id);
    await addMember(community.id, admin.user.id, "admin");
    await addMember(community.id, member.user.id);
    const draft = await course(community.id, owner.user.id, `Draft ${w}`);
    await env.DB.prepare("update classroom_courses set published = 0 where id = ?").bind(draft).run();
    for (const [who, seen] of [
      [owner, [draft]],
      [admin, [draft]],
      [member, []],
    ] as const) {
      expect((await find(who, w)).courses.map((h) => h.id)).toEqual(seen);
    }
  });
});

describe("the index follows every write", () => {
  it("edits and deletes of posts and comments, through the API", async () => {
    const w = word();
    const owner = await createUser();
    const member = await createUser();
    const community = await createCommunity(owner.user.id);
    await addMember(community.id, member.user.id);
    const postId = await post(member, community.id, `${w} before`);
    const commentId = await comment(owner, postId, `${w}reply first`);
    const edit = await call(`/api/posts/${postId}`, { method: "PATCH", body: { content: `${w} after` }, cookie: member.cookie });
    expect(edit.status).toBe(200);
    expect((await find(member, `${w} before`)).posts).toEqual([]);
    expect((await find(member, `${w} after`)).posts.map((h) => h.id)).toEqual([postId]);

    expect((await call(`/api/comments/${commentId}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(200);
    expect(await findAll(member, "comments", `${w}reply`)).toEqual([]);
    await comment(owner, postId, `${w}reply second`);
    expect(await findAll(member, "comments", `${w}reply`)).toHaveLength(1);
    expect((await call(`/api/posts/${postId}`, { method: "DELETE", cookie: member.cookie })).status).toBe(200);
    expect([...(await find(member, w)).posts, ...(await findAll(member, "comments", w))]).toEqual([]);
    const left = await env.DB.prepare(
      "select (select count(*) from posts_fts where id = ?) + (select count(*) from comments_fts where content like ?) as n",
    )
      .bind(postId, `%${w}%`)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it("community edits, renames, leaving and deleting a community", async () => {
    const w = word();
    const owner = await createUser();
    const member = await createUser({ name: `Dato ${w}` });
    const community = await createCommunity(owner.user.id);
    await addMember(community.id, member.user.id);
    const patch = await call(`/api/communities/${community.id}`, {
      method: "PATCH",
      body: { description: `All about ${w}knitting`, targetAudience: [`${w}crafters`] },
      cookie: owner.cookie,
    });
    expect(patch.status).toBe(200);
    // The audience is written at once; the description of an approved community waits for staff, and
    // search finds it only once they approve it.
    expect((await find(member, `${w}crafters`)).communities.map((h) => h.id)).toEqual([community.id]);
    expect((await find(member, `${w}knit`)).communities).toEqual([]);
    const staff = await createUser({ staff: true });
    const { pendingEdit } = (
      (await (await call(`/api/communities/${community.id}`, { cookie: owner.cookie })).json()) as {
        community: { pendingEdit: { submittedAt: number } };
      }
    ).community;
    const approve = await call(`/api/admin/communities/${community.id}/edit/approve`, {
      body: { submittedAt: pendingEdit.submittedAt },
      cookie: staff.cookie,
    });
    expect(approve.status).toBe(200);
    expect((await find(member, `${w}knit`)).communities.map((h) => h.id)).toEqual([community.id]);

    // A new name, as profile editing will write it: the people index follows the row.
    await env.DB.prepare("update users set full_name = ? where id = ?").bind(`Davit ${w}`, member.user.id).run();
    expect((await find(owner, `dato ${w}`)).people).toEqual([]);
    expect((await find(owner, `davit ${w}`)).people.map((h) => h.id)).toEqual([member.user.id]);

    await env.DB.prepare("delete from community_members where community_id = ? and profile_id = ?")
      .bind(community.id, member.user.id)
      .run();
    expect((await find(owner, `davit ${w}`)).people).toEqual([]);

    const postId = await post(owner, community.id, `${w}farewell`);
    await event(community.id, owner.user.id, `${w}farewell party`);
    await env.DB.prepare("delete from communities where id = ?").bind(community.id).run();
    const gone = await find(owner, `${w}farewell`);
    expect([...gone.communities, ...gone.posts, ...gone.events]).toEqual([]);
    expect(await env.DB.prepare("select count(*) as n from posts_fts where id = ?").bind(postId).first("n")).toBe(0);
  });
});

describe("search input", () => {
  it("keeps FTS5 syntax as plain words and never fails on odd text", async () => {
    const w = word();
    const owner = await createUser();
    const community = await createCommunity(owner.user.id);
    const id = await rawPost(community.id, owner.user.id, null, `${w} near and or not headline`);
    for (const q of [
      `${w} NEAR(a b)`,
      `${w} headline:x`,
      `{headline}: ${w}`,
      `${w} AND OR NOT`,
      `(${w}`,
      `${w}*`,
      `"${w}`,
      `""${w}""`,
      `${w} - + ^ ~ : ; ' \` \\ / %_ \u0000`,
      `"" " " """`,
      "NEAR",
      "*",
      "🙂🙂",
      "x".repeat(100),
    ]) {
      const res = await call(`/api/search?q=${encodeURIComponent(q)}`, { cookie: owner.cookie });
      expect(`${q}: ${res.status}`).toBe(`${q}: 200`);
      const page = await call(`/api/search/posts?q=${encodeURIComponent(q)}`, { cookie: owner.cookie });
      expect(`${q}: ${page.status}`).toBe(`${q}: 200`);
    }
    expect((await find(owner, `${w} NEAR and or NOT`)).posts.map((h) => h.id)).toEqual([id]);
    expect((await find(owner, `${w} headline:`)).posts.map((h) => h.id)).toEqual([id]);
  });

  it("refuses what it cannot read with field issues", async () => {
    const me = await createUser();
    for (const [path, field] of [
      [`/api/search?q=${"x".repeat(101)}`, "q"],
      ["/api/search?q=a&limit=0", "limit"],
      ["/api/search?q=a&limit=11", "limit"],
      ["/api/search/things?q=a", "kind"],
      ["/api/search/posts?q=a&cursor=zzz", "cursor"],
      [`/api/search/posts?q=a&cursor=${btoa(JSON.stringify({ score: "x", at: 1, id: "a" }))}`, "cursor"],
      ["/api/search/posts?q=a&limit=51", "limit"],
    ] as const) {
      const res = await call(path, { cookie: me.cookie });
      expect(`${path}: ${res.status}`).toBe(`${path}: 422`);
      const body = (await res.json()) as { error: { issues: { path: string }[] } };
      expect(body.error.issues.map((i) => i.path)).toContain(field);
    }
  });
});
