import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addMember, call, createCommunity, createUser, uploadImage, type TestUser } from "../../../tests/factories";
import { parseQueryStats } from "../../lib/query-count";

type Post = {
  id: string;
  headline: string | null;
  content: string;
  pinned: boolean;
  likesCount: number;
  commentsCount: number;
  userHasLiked: boolean;
  canEdit: boolean;
  canDelete: boolean;
  canPin: boolean;
  editedAt: number | null;
  isAuthorAdmin: boolean;
  authorLevel: number;
  imageUrls: string[];
  topic: { name: string } | null;
};
type Page = { items: Post[]; nextCursor: string | null };
type ErrorJson = { error: { code: string; issues?: { path: string; message: string }[] } };

const one = async <T>(sql: string, ...params: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...params)
      .first<{ n: T }>()
  )?.n;

async function world() {
  const owner = await createUser({ name: "Owner" });
  const admin = await createUser({ name: "Admin" });
  const moderator = await createUser({ name: "Moderator" });
  const member = await createUser({ name: "Member Mary" });
  const other = await createUser({ name: "Other Oscar" });
  const outsider = await createUser();
  const staff = await createUser({ staff: true });
  const community = await createCommunity(owner.user.id);
  const elsewhere = await createCommunity(outsider.user.id);
  await addMember(community.id, admin.user.id, "admin");
  await addMember(community.id, moderator.user.id, "moderator");
  await addMember(community.id, member.user.id);
  await addMember(community.id, other.user.id);
  return { owner, admin, moderator, member, other, outsider, staff, community, elsewhere };
}

const createPost = (u: TestUser | undefined, communityId: string, body: object) =>
  call(`/api/communities/${communityId}/posts`, { body, cookie: u?.cookie });
async function post(u: TestUser, communityId: string, body: object = {}) {
  const res = await createPost(u, communityId, { content: "Hello everyone", ...body });
  expect(res.status).toBe(201);
  return ((await res.json()) as { post: Post }).post;
}
const feed = async (u: TestUser, communityId: string, q = "") =>
  (await (await call(`/api/communities/${communityId}/posts${q}`, { cookie: u.cookie })).json()) as Page;
const points = (u: TestUser, communityId: string) =>
  one<number>("select points as n from user_points where user_id = ? and community_id = ?", u.user.id, communityId);
const ledger = (u: TestUser, communityId: string) =>
  one<number>(
    "select coalesce(sum(amount), 0) as n from point_events where user_id = ? and community_id = ?",
    u.user.id,
    communityId,
  );

describe("posting", () => {
  it("creates a post with images and a topic, counts it and earns 10 points", async () => {
    const w = await world();
    const topic = (await (
      await call(`/api/communities/${w.community.id}/topics`, {
        body: { name: "Wins", color: "#16a34a" },
        cookie: w.owner.cookie,
      })
    ).json()) as { topic: { id: string } };
    const image = await uploadImage(w.member.cookie, "post_image");
    const created = await post(w.member, w.community.id, {
      headline: "  First  ",
      content: "  My first post  ",
      topicId: topic.topic.id,
      imageUrls: [image],
    });
    expect(created).toMatchObject({
      headline: "First",
      content: "My first post",
      imageUrls: [image],
      topic: { name: "Wins" },
      canEdit: true,
      canDelete: true,
      canPin: false,
    });
    expect(await one("select posts_count as n from communities where id = ?", w.community.id)).toBe(1);
    expect(await one("select posts_count as n from community_topics where id = ?", topic.topic.id)).toBe(1);
    expect(await points(w.member, w.community.id)).toBe(10);
  });

  it.each([
    ["empty content", { content: "   " }, "content", "Content required"],
    ["content over 2000", { content: "x".repeat(2001) }, "content", "Content must be at most 2000 characters"],
    ["a headline over 100", { content: "ok", headline: "h".repeat(101) }, "headline", "Headline must be at most 100 characters"],
    [
      "five images",
      {
        content: "ok",
        imageUrls: Array.from({ length: 5 }, (_, i) => `/files/post_image/0190c6a4-0000-7000-8000-00000000000${i}.png`),
      },
      "imageUrls",
      "You can upload up to 4 images per post",
    ],
    [
      "someone else's image",
      { content: "ok", imageUrls: ["/files/post_image/0190c6a4-0000-7000-8000-000000000009.png"] },
      "imageUrls",
      "Images must be uploaded first",
    ],
    [
      "a topic of another community",
      { content: "ok", topicId: "0190c6a4-0000-7000-8000-000000000001" },
      "topicId",
      "Unknown topic",
    ],
    ["a wrong type", { content: 42 }, "content", "Content required"],
    [
      "a headline with a right-to-left override",
      { content: "ok", headline: "Invoice \u202efdp.exe" },
      "headline",
      "Headline contains characters that are not allowed",
    ],
    [
      "a zero-width space in a headline",
      { content: "ok", headline: "Pay\u200bPal" },
      "headline",
      "Headline contains characters that are not allowed",
    ],
    ["NUL in the content", { content: "before\u0000after" }, "content", "Content contains characters that are not allowed"],
  ] as const)("refuses %s and writes nothing", async (_n, body, path, message) => {
    const w = await world();
    const res = await createPost(w.member, w.community.id, body);
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorJson).error.issues).toContainEqual({ path, message });
    expect(await one("select count(*) as n from posts where community_id = ?", w.community.id)).toBe(0);
  });

  it("stores text well-formed and in NFC, and answers exactly what it stored", async () => {
    const w = await world();
    const created = await post(w.member, w.community.id, {
      headline: "Cafe\u0301 night",
      content: "Meet at the cafe\u0301 \ud800 at 7\nbring \u202efriends",
    });
    expect(created.headline).toBe("Café night");
    expect(created.content).toBe("Meet at the café \ufffd at 7\nbring friends");
    const read = (await (await call(`/api/posts/${created.id}`, { cookie: w.member.cookie })).json()) as { post: Post };
    expect(read.post).toMatchObject({ headline: created.headline, content: created.content });
    const row = await env.DB.prepare("select headline, content from posts where id = ?")
      .bind(created.id)
      .first<{ headline: string; content: string }>();
    expect(row).toEqual({ headline: created.headline, content: created.content });

    const edited = await call(`/api/posts/${created.id}`, {
      method: "PATCH",
      body: { headline: "Re\u0301sume\u0301", content: "lone \udc00" },
      cookie: w.member.cookie,
    });
    expect(((await edited.json()) as { post: Post }).post).toMatchObject({ headline: "Résumé", content: "lone \ufffd" });
  });

  it("accepts exactly the limits", async () => {
    const w = await world();
    await post(w.member, w.community.id, { headline: "h".repeat(100), content: "c".repeat(2000) });
  });

  it("keeps posting to members of a writable community", async () => {
    const w = await world();
    expect((await createPost(undefined, w.community.id, { content: "x" })).status).toBe(401);
    expect((await createPost(w.outsider, w.community.id, { content: "x" })).status).toBe(404);
    expect((await createPost(w.staff, w.community.id, { content: "x" })).status).toBe(404);
    expect((await createPost(w.member, w.elsewhere.id, { content: "x" })).status).toBe(404);
    await env.DB.prepare("update communities set archived = 1 where id = ?").bind(w.community.id).run();
    const archived = await createPost(w.owner, w.community.id, { content: "x" });
    expect(((await archived.json()) as ErrorJson).error.code).toBe("READ_ONLY");
    expect((await call(`/api/communities/${w.community.id}/posts`, { cookie: w.member.cookie })).status).toBe(200);
  });
});

describe("the feed", () => {
  it("shows pinned posts first, then newest, in stable pages", async () => {
    const w = await world();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await post(w.member, w.community.id, { content: `post ${i}` })).id);
    expect((await call(`/api/posts/${ids[1]}/pin`, { method: "POST", cookie: w.member.cookie })).status).toBe(403);
    expect((await call(`/api/posts/${ids[1]}/pin`, { method: "POST", cookie: w.admin.cookie })).status).toBe(200);
    const first = await feed(w.member, w.community.id, "?limit=2");
    expect(first.items.map((p) => p.id)).toEqual([ids[1], ids[4], ids[3]]);
    expect(first.items[0]!.pinned).toBe(true);
    const second = await feed(w.member, w.community.id, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((p) => p.id)).toEqual([ids[2], ids[0]]);
    expect(second.nextCursor).toBeNull();
  });

  it("tells each role what it may do with a post", async () => {
    const w = await world();
    await post(w.member, w.community.id);
    const flags = async (u: TestUser) => {
      const p = (await feed(u, w.community.id)).items[0]!;
      return { canEdit: p.canEdit, canDelete: p.canDelete, canPin: p.canPin };
    };
    expect(await flags(w.member)).toEqual({ canEdit: true, canDelete: true, canPin: false });
    expect(await flags(w.other)).toEqual({ canEdit: false, canDelete: false, canPin: false });
    expect(await flags(w.moderator)).toEqual({ canEdit: false, canDelete: true, canPin: false });
    expect(await flags(w.admin)).toEqual({ canEdit: false, canDelete: true, canPin: true });
    expect(await flags(w.owner)).toEqual({ canEdit: false, canDelete: true, canPin: true });
    expect((await call(`/api/communities/${w.community.id}/posts`, { cookie: w.outsider.cookie })).status).toBe(404);
  });

  it("hides a blocker's posts and comments from the blocked user", async () => {
    const w = await world();
    const p = await post(w.member, w.community.id, { content: "not for Oscar" });
    await env.DB.prepare("insert into blocked_users (blocker_id, blocked_id, created_at) values (?, ?, ?)")
      .bind(w.member.user.id, w.other.user.id, Date.now())
      .run();
    expect((await feed(w.other, w.community.id)).items.map((x) => x.id)).not.toContain(p.id);
    expect((await call(`/api/posts/${p.id}`, { cookie: w.other.cookie })).status).toBe(404);
    expect((await call(`/api/posts/${p.id}/like`, { method: "POST", cookie: w.other.cookie })).status).toBe(404);
    expect((await call(`/api/posts/${p.id}/comments`, { body: { content: "hi" }, cookie: w.other.cookie })).status).toBe(404);
    expect((await feed(w.owner, w.community.id)).items.map((x) => x.id)).toContain(p.id);
  });

  it("hides the blocker's whole thread from the blocked user, other people's replies in it included", async () => {
    const w = await world();
    const p = await post(w.member, w.community.id, { content: "not for Oscar" });
    const created = async (u: TestUser, body: object) => {
      const res = await call(`/api/posts/${p.id}/comments`, { body, cookie: u.cookie });
      expect(res.status).toBe(201);
      return ((await res.json()) as { comment: { id: string } }).comment.id;
    };
    const mine = await created(w.member, { content: "my comment" });
    const reply = await created(w.admin, { content: "a reply", parentCommentId: mine });
    const onTheirs = await created(w.admin, { content: "on a thread of mine" });
    await env.DB.prepare("insert into blocked_users (blocker_id, blocked_id, created_at) values (?, ?, ?)")
      .bind(w.member.user.id, w.other.user.id, Date.now())
      .run();
    const tries = (commentId: string) => [
      call(`/api/comments/${commentId}/replies`, { cookie: w.other.cookie }),
      call(`/api/comments/${commentId}/like`, { method: "POST", cookie: w.other.cookie }),
      call(`/api/comments/${commentId}/report`, { body: { reason: "Spam" }, cookie: w.other.cookie }),
      call(`/api/comments/${commentId}`, { method: "DELETE", cookie: w.other.cookie }),
    ];
    for (const commentId of [mine, reply, onTheirs]) {
      expect((await Promise.all(tries(commentId))).map((res) => res.status)).toEqual([404, 404, 404, 404]);
    }
    expect(await one("select count(*) as n from reports where reporter_id = ?", w.other.user.id)).toBe(0);
    expect(await one("select count(*) as n from comment_likes where user_id = ?", w.other.user.id)).toBe(0);
    // The rest of the community still sees and answers the thread.
    expect((await call(`/api/comments/${reply}/like`, { method: "POST", cookie: w.owner.cookie })).status).toBe(200);
  });

  it("lets only the owner and admins pin and unpin, tried at the route by every role", async () => {
    const w = await world();
    const p = await post(w.member, w.community.id);
    const pin = (u: TestUser, method: "POST" | "DELETE") => call(`/api/posts/${p.id}/pin`, { method, cookie: u.cookie });
    const pinned = () => one<number>("select count(*) as n from posts where id = ? and pinned_at is not null", p.id);
    for (const u of [w.member, w.other, w.moderator]) expect((await pin(u, "POST")).status).toBe(403);
    expect((await pin(w.outsider, "POST")).status).toBe(404);
    expect(await pinned()).toBe(0);
    expect((await pin(w.admin, "POST")).status).toBe(200);
    expect(await pinned()).toBe(1);
    for (const u of [w.member, w.other, w.moderator]) expect((await pin(u, "DELETE")).status).toBe(403);
    expect(await pinned()).toBe(1);
    expect((await pin(w.owner, "DELETE")).status).toBe(200);
    expect(await pinned()).toBe(0);
  });

  it("hides the people I blocked from me too, their pinned posts included", async () => {
    const w = await world();
    const theirs = await post(w.other, w.community.id, { content: "by Oscar" });
    const pinnedOne = await post(w.other, w.community.id, { content: "pinned, by Oscar" });
    expect((await call(`/api/posts/${pinnedOne.id}/pin`, { method: "POST", cookie: w.admin.cookie })).status).toBe(200);
    // Mary blocks Oscar: the block is hers, and she no longer sees him either.
    await env.DB.prepare("insert into blocked_users (blocker_id, blocked_id, created_at) values (?, ?, ?)")
      .bind(w.member.user.id, w.other.user.id, Date.now())
      .run();
    const seenByMary = (await feed(w.member, w.community.id)).items.map((x) => x.id);
    expect(seenByMary).not.toContain(theirs.id);
    expect(seenByMary).not.toContain(pinnedOne.id);
    expect((await call(`/api/posts/${pinnedOne.id}`, { cookie: w.member.cookie })).status).toBe(404);
    const seenByOwner = (await feed(w.owner, w.community.id)).items.map((x) => x.id);
    expect(seenByOwner).toEqual(expect.arrayContaining([theirs.id, pinnedOne.id]));
  });

  it("filters by topic and costs two statements in one round trip whatever the page size", async () => {
    const w = await world();
    const topic = (await (
      await call(`/api/communities/${w.community.id}/topics`, { body: { name: "Q&A", color: "#111111" }, cookie: w.owner.cookie })
    ).json()) as { topic: { id: string } };
    await post(w.member, w.community.id, { topicId: topic.topic.id, content: "question" });
    await post(w.member, w.community.id, { content: "other" });
    expect((await feed(w.member, w.community.id, `?topicId=${topic.topic.id}`)).items.map((p) => p.content)).toEqual([
      "question",
    ]);
    for (let i = 0; i < 25; i++) await post(w.member, w.community.id, { content: `filler ${i}` });
    for (const limit of [5, 20]) {
      const res = await call(`/api/communities/${w.community.id}/posts?limit=${limit}`, { cookie: w.member.cookie });
      expect(((await res.json()) as Page).items.length).toBeGreaterThanOrEqual(limit);
      expect(parseQueryStats(res.headers.get("server-timing"))).toMatchObject({ statements: 3, roundTrips: 1 });
    }
  });

  it.each(["?limit=0", "?limit=51", "?cursor=nope", "?topicId=" + "x".repeat(65)])("rejects %s", async (q) => {
    const w = await world();
    expect((await call(`/api/communities/${w.community.id}/posts${q}`, { cookie: w.member.cookie })).status).toBe(422);
  });
});

describe("editing and deleting", () => {
  it("lets only the author edit, and marks the post edited", async () => {
    const w = await world();
    const p = await post(w.member, w.community.id);
    expect(
      (await call(`/api/posts/${p.id}`, { method: "PATCH", body: { content: "changed" }, cookie: w.owner.cookie })).status,
    ).toBe(403);
    const res = await call(`/api/posts/${p.id}`, {
      method: "PATCH",
      body: { content: "Edited words", headline: "New" },
      cookie: w.member.cookie,
    });
    const edited = ((await res.json()) as { post: Post }).post;
    expect(edited).toMatchObject({ content: "Edited words", headline: "New" });
    expect(edited.editedAt).toBeGreaterThan(0);
    expect((await call(`/api/posts/${p.id}`, { method: "PATCH", body: { content: "" }, cookie: w.member.cookie })).status).toBe(
      422,
    );
  });

  it("lets the author, moderators, admins and the owner delete, and takes back the points", async () => {
    const w = await world();
    for (const deleter of ["member", "moderator", "admin", "owner"] as const) {
      const p = await post(w.member, w.community.id);
      await call(`/api/posts/${p.id}/like`, { method: "POST", cookie: w.other.cookie });
      await call(`/api/posts/${p.id}/comments`, { body: { content: "nice" }, cookie: w.other.cookie });
      expect((await call(`/api/posts/${p.id}`, { method: "DELETE", cookie: w.other.cookie })).status).toBe(403);
      expect((await call(`/api/posts/${p.id}`, { method: "DELETE", cookie: w[deleter].cookie })).status).toBe(200);
      expect(await one("select count(*) as n from posts where id = ?", p.id)).toBe(0);
    }
    expect(await points(w.member, w.community.id)).toBe(0);
    expect(await points(w.other, w.community.id)).toBe(0);
    expect(await ledger(w.member, w.community.id)).toBe(0);
    expect(await one("select posts_count as n from communities where id = ?", w.community.id)).toBe(0);
  });
});

describe("likes and points", () => {
  it("shows each author's level in the post's community on the card", async () => {
    const w = await world();
    const first = await post(w.member, w.community.id);
    expect(first.authorLevel).toBe(2);
    await env.DB.prepare("update user_points set points = 70 where user_id = ? and community_id = ?")
      .bind(w.member.user.id, w.community.id)
      .run();
    const page = await feed(w.other, w.community.id);
    expect(page.items.find((p) => p.id === first.id)?.authorLevel).toBe(4);
    // Points elsewhere do not count here.
    const other = await post(w.outsider, w.elsewhere.id);
    expect(other.authorLevel).toBe(2);
  });

  it("gives the author 2 points a like, none for self-likes, and reverses on unlike", async () => {
    const w = await world();
    const p = await post(w.member, w.community.id);
    const like = (u: TestUser) => call(`/api/posts/${p.id}/like`, { method: "POST", cookie: u.cookie });
    const unlike = (u: TestUser) => call(`/api/posts/${p.id}/like`, { method: "DELETE", cookie: u.cookie });
    expect(((await (await like(w.other)).json()) as { likesCount: number }).likesCount).toBe(1);
    await like(w.other);
    await like(w.member);
    expect(await points(w.member, w.community.id)).toBe(10 + 2);
    expect(
      await one("select count(*) as n from notifications where recipient_id = ? and type = 'POST_LIKE'", w.member.user.id),
    ).toBe(1);
    await unlike(w.other);
    expect(await points(w.member, w.community.id)).toBe(10);
    await like(w.other);
    expect(await points(w.member, w.community.id)).toBe(12);
    expect(await ledger(w.member, w.community.id)).toBe(12);
    expect(await one("select likes_count as n from posts where id = ?", p.id)).toBe(2);
    // Unliking and liking again within a day earns the points again but does not notify again.
    const likeNotes = () =>
      one("select count(*) as n from notifications where recipient_id = ? and type = 'POST_LIKE'", w.member.user.id);
    expect(await likeNotes()).toBe(1);
    await unlike(w.other);
    await like(w.other);
    expect(await likeNotes()).toBe(1);
    await like(w.admin);
    expect(await likeNotes()).toBe(2);
  });

  it("notifies a comment's author once a day per liker, however often they unlike and like again", async () => {
    const w = await world();
    const p = await post(w.member, w.community.id);
    const created = await call(`/api/posts/${p.id}/comments`, { body: { content: "Mine" }, cookie: w.member.cookie });
    const comment = ((await created.json()) as { comment: { id: string } }).comment;
    const path = `/api/comments/${comment.id}/like`;
    for (let i = 0; i < 3; i++) {
      expect((await call(path, { method: "POST", cookie: w.other.cookie })).status).toBe(200);
      expect((await call(path, { method: "DELETE", cookie: w.other.cookie })).status).toBe(200);
    }
    expect(
      await one("select count(*) as n from notifications where recipient_id = ? and type = 'COMMENT_LIKE'", w.member.user.id),
    ).toBe(1);
  });

  it("stays consistent under 50 parallel likes and unlikes", async () => {
    const w = await world();
    const p = await post(w.member, w.community.id);
    const likers = [w.owner, w.admin, w.moderator, w.other];
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const u = likers[i % likers.length]!;
        return call(`/api/posts/${p.id}/like`, { method: i % 3 === 0 ? "DELETE" : "POST", cookie: u.cookie });
      }),
    );
    const rows = await one<number>("select count(*) as n from post_likes where post_id = ?", p.id);
    expect(await one("select likes_count as n from posts where id = ?", p.id)).toBe(rows);
    expect(await points(w.member, w.community.id)).toBe(10 + 2 * rows!);
    expect(await ledger(w.member, w.community.id)).toBe(10 + 2 * rows!);
  });
});

describe("comments and replies", () => {
  it("comments, replies, notifies and counts", async () => {
    const w = await world();
    const p = await post(w.member, w.community.id);
    const c1 = await call(`/api/posts/${p.id}/comments`, { body: { content: "Great post" }, cookie: w.other.cookie });
    expect(c1.status).toBe(201);
    const comment = ((await c1.json()) as { comment: { id: string } }).comment;
    const reply = await call(`/api/posts/${p.id}/comments`, {
      body: { content: "Thanks!", parentCommentId: comment.id },
      cookie: w.member.cookie,
    });
    expect(reply.status).toBe(201);
    const replyId = ((await reply.json()) as { comment: { id: string } }).comment.id;
    expect(await one("select comments_count as n from posts where id = ?", p.id)).toBe(2);
    expect(await one("select replies_count as n from post_comments where id = ?", comment.id)).toBe(1);
    expect(
      await one("select count(*) as n from notifications where recipient_id = ? and type = 'POST_COMMENT'", w.member.user.id),
    ).toBe(1);
    expect(
      await one("select count(*) as n from notifications where recipient_id = ? and type = 'COMMENT_REPLY'", w.other.user.id),
    ).toBe(1);
    expect(await points(w.other, w.community.id)).toBe(5);

    const list = (await (await call(`/api/posts/${p.id}/comments`, { cookie: w.owner.cookie })).json()) as {
      items: { id: string; repliesCount: number }[];
    };
    expect(list.items).toEqual([expect.objectContaining({ id: comment.id, repliesCount: 1 })]);
    const replies = (await (await call(`/api/comments/${comment.id}/replies`, { cookie: w.owner.cookie })).json()) as {
      items: { id: string }[];
    };
    expect(replies.items.map((r) => r.id)).toEqual([replyId]);

    expect((await call(`/api/comments/${comment.id}/like`, { method: "POST", cookie: w.member.cookie })).status).toBe(200);
    expect(await points(w.other, w.community.id)).toBe(6);
    expect(
      await one("select count(*) as n from notifications where recipient_id = ? and type = 'COMMENT_LIKE'", w.other.user.id),
    ).toBe(1);

    expect((await call(`/api/comments/${comment.id}`, { method: "DELETE", cookie: w.admin.cookie })).status).toBe(200);
    expect(await one("select comments_count as n from posts where id = ?", p.id)).toBe(0);
    expect(await points(w.other, w.community.id)).toBe(0);
    expect(await points(w.member, w.community.id)).toBe(10);
  });

  it.each([
    ["a blank comment", { content: "  " }, 422],
    ["a comment over 500", { content: "x".repeat(501) }, 422],
    ["a reply over 300", { content: "x".repeat(301), parentCommentId: "PARENT" }, 422],
    ["a reply to an unknown comment", { content: "hi", parentCommentId: "0190c6a4-0000-7000-8000-000000000001" }, 422],
  ] as const)("refuses %s", async (_n, body, status) => {
    const w = await world();
    const p = await post(w.member, w.community.id);
    const parent = (
      (await (await call(`/api/posts/${p.id}/comments`, { body: { content: "parent" }, cookie: w.other.cookie })).json()) as {
        comment: { id: string };
      }
    ).comment;
    const payload =
      "parentCommentId" in body && body.parentCommentId === "PARENT" ? { ...body, parentCommentId: parent.id } : body;
    expect((await call(`/api/posts/${p.id}/comments`, { body: payload, cookie: w.other.cookie })).status).toBe(status);
    expect(await one("select count(*) as n from post_comments where post_id = ?", p.id)).toBe(1);
  });

  it("never notifies people of their own comments and replies", async () => {
    const w = await world();
    const p = await post(w.member, w.community.id);
    const created = await call(`/api/posts/${p.id}/comments`, { body: { content: "my own" }, cookie: w.member.cookie });
    const comment = ((await created.json()) as { comment: { id: string } }).comment;
    const replied = await call(`/api/posts/${p.id}/comments`, {
      body: { content: "and my reply", parentCommentId: comment.id },
      cookie: w.member.cookie,
    });
    expect(replied.status).toBe(201);
    // The levels those points reach are announced by the system (no sender), not as someone's comment.
    expect(
      await one("select count(*) as n from notifications where recipient_id = ? and sender_id is not null", w.member.user.id),
    ).toBe(0);
  });

  it("accepts a 300-character reply and a 500-character comment", async () => {
    const w = await world();
    const p = await post(w.member, w.community.id);
    const res = await call(`/api/posts/${p.id}/comments`, { body: { content: "x".repeat(500) }, cookie: w.other.cookie });
    const parent = ((await res.json()) as { comment: { id: string } }).comment;
    expect(
      (
        await call(`/api/posts/${p.id}/comments`, {
          body: { content: "y".repeat(300), parentCommentId: parent.id },
          cookie: w.other.cookie,
        })
      ).status,
    ).toBe(201);
  });

  it("lets only the author and moderators delete a comment", async () => {
    const w = await world();
    const p = await post(w.member, w.community.id);
    const cm = (
      (await (await call(`/api/posts/${p.id}/comments`, { body: { content: "mine" }, cookie: w.other.cookie })).json()) as {
        comment: { id: string };
      }
    ).comment;
    expect((await call(`/api/comments/${cm.id}`, { method: "DELETE", cookie: w.member.cookie })).status).toBe(403);
    expect((await call(`/api/comments/${cm.id}`, { method: "DELETE", cookie: w.outsider.cookie })).status).toBe(404);
    expect((await call(`/api/comments/${cm.id}`, { method: "DELETE", cookie: w.other.cookie })).status).toBe(200);
  });
});

describe("mentions, reports and the sidebar", () => {
  it("notifies mentioned members only", async () => {
    const w = await world();
    await post(w.member, w.community.id, {
      content: `Hi @[Other Oscar](${w.other.user.id}) and @[Stranger](${w.outsider.user.id})`,
    });
    expect(
      await one("select count(*) as n from notifications where recipient_id = ? and type = 'MENTION'", w.other.user.id),
    ).toBe(1);
    expect(
      await one("select count(*) as n from notifications where recipient_id = ? and type = 'MENTION'", w.outsider.user.id),
    ).toBe(0);
    const candidates = (await (
      await call(`/api/communities/${w.community.id}/mention-candidates?q=osc`, { cookie: w.member.cookie })
    ).json()) as { members: { id: string }[] };
    expect(candidates.members.map((m) => m.id)).toEqual([w.other.user.id]);
  });

  it("finds mention candidates by the start of any word of their name, in any script and case, members only", async () => {
    const w = await world();
    const nino = await createUser({ name: "Нино Берідзе" });
    const tamar = await createUser({ name: "თამარ ლომიძე" });
    await addMember(w.community.id, nino.user.id);
    await addMember(w.community.id, tamar.user.id);
    const outsider = await createUser({ name: "Нино Outside" });
    const find = async (q: string) =>
      (
        (await (
          await call(`/api/communities/${w.community.id}/mention-candidates?q=${encodeURIComponent(q)}`, {
            cookie: w.member.cookie,
          })
        ).json()) as { members: { id: string }[] }
      ).members.map((m) => m.id);
    expect(await find("НИНО")).toEqual([nino.user.id]);
    expect(await find("бер")).toEqual([nino.user.id]);
    expect(await find("ლომ")).toEqual([tamar.user.id]);
    expect(await find("т")).toEqual([]);
    expect(await find("нино бе")).toEqual([nino.user.id]);
    expect(await find("дзе")).toEqual([]);
    expect((await find("нино")).includes(outsider.user.id)).toBe(false);
  });

  it("offers nobody on either side of a block as a mention, in one round trip", async () => {
    const w = await world();
    const find = async (who: TestUser) => {
      const res = await call(`/api/communities/${w.community.id}/mention-candidates?q=osc`, { cookie: who.cookie });
      expect(parseQueryStats(res.headers.get("server-timing"))?.roundTrips).toBe(1);
      return ((await res.json()) as { members: { id: string }[] }).members.map((m) => m.id);
    };
    expect(await find(w.member)).toEqual([w.other.user.id]);
    // The member blocks Oscar: neither is offered to the other; the owner still sees Oscar.
    expect((await call(`/api/users/${w.other.user.id}/block`, { method: "PUT", cookie: w.member.cookie })).status).toBe(200);
    expect(await find(w.member)).toEqual([]);
    const oscarFinds = await call(`/api/communities/${w.community.id}/mention-candidates`, { cookie: w.other.cookie });
    const offered = ((await oscarFinds.json()) as { members: { id: string }[] }).members.map((m) => m.id);
    expect(offered).not.toContain(w.member.user.id);
    expect(await find(w.owner)).toEqual([w.other.user.id]);
    expect((await call(`/api/communities/${w.community.id}/mention-candidates`, { cookie: w.outsider.cookie })).status).toBe(404);
  });

  it("files one report per person", async () => {
    const w = await world();
    const p = await post(w.member, w.community.id);
    expect((await call(`/api/posts/${p.id}/report`, { body: { reason: "Spam" }, cookie: w.other.cookie })).status).toBe(201);
    expect((await call(`/api/posts/${p.id}/report`, { body: { reason: "Spam" }, cookie: w.other.cookie })).status).toBe(409);
    expect((await call(`/api/posts/${p.id}/report`, { body: { reason: "" }, cookie: w.owner.cookie })).status).toBe(422);
  });

  it("files a report with the reported content's author, for posts and comments, open for staff and the community", async () => {
    const w = await world();
    const p = await post(w.member, w.community.id);
    const comment = (await (
      await call(`/api/posts/${p.id}/comments`, { body: { content: "A reply" }, cookie: w.moderator.cookie })
    ).json()) as { comment: { id: string } };
    const filed = async (path: string) => {
      const res = await call(path, { body: { reason: "Spam" }, cookie: w.other.cookie });
      expect(res.status).toBe(201);
      const { reportId } = (await res.json()) as { reportId: string };
      return env.DB.prepare("select target_author_id, status, community_status from reports where id = ?").bind(reportId).first();
    };
    expect(await filed(`/api/posts/${p.id}/report`)).toEqual({
      target_author_id: w.member.user.id,
      status: "open",
      community_status: "open",
    });
    expect(await filed(`/api/comments/${comment.comment.id}/report`)).toEqual({
      target_author_id: w.moderator.user.id,
      status: "open",
      community_status: "open",
    });
  });

  it("shows real sidebar figures", async () => {
    const w = await world();
    const topic = (await (
      await call(`/api/communities/${w.community.id}/topics`, { body: { name: "Hot", color: "#EF4444" }, cookie: w.owner.cookie })
    ).json()) as { topic: { id: string } };
    await post(w.member, w.community.id, { topicId: topic.topic.id });
    await post(w.member, w.community.id, { topicId: topic.topic.id });
    const stats = (await (await call(`/api/communities/${w.community.id}/stats`, { cookie: w.member.cookie })).json()) as Record<
      string,
      unknown
    >;
    expect(stats).toMatchObject({
      membersCount: 5,
      postsCount: 2,
      onlineCount: 0,
      trendingTopics: [{ name: "Hot", recentPosts: 2 }],
    });
    expect((await call(`/api/communities/${w.community.id}/stats`, { cookie: w.outsider.cookie })).status).toBe(404);
  });
});

describe("D1 cost of the writes", () => {
  const roundTrips = (res: Response) => parseQueryStats(res.headers.get("server-timing"))?.roundTrips;

  it("likes and unlikes posts and comments in two round trips", async () => {
    const w = await world();
    const p = await post(w.member, w.community.id);
    const cm = (
      (await (await call(`/api/posts/${p.id}/comments`, { body: { content: "first" }, cookie: w.member.cookie })).json()) as {
        comment: { id: string };
      }
    ).comment;
    for (const path of [`/api/posts/${p.id}/like`, `/api/comments/${cm.id}/like`]) {
      const like = await call(path, { method: "POST", cookie: w.other.cookie });
      expect(like.status).toBe(200);
      expect(roundTrips(like)).toBe(2);
      const unlike = await call(path, { method: "DELETE", cookie: w.other.cookie });
      expect(unlike.status).toBe(200);
      expect(roundTrips(unlike)).toBe(2);
    }
  });

  it("posts, edits and deletes a post in two round trips each", async () => {
    const w = await world();
    const topic = (await (
      await call(`/api/communities/${w.community.id}/topics`, {
        body: { name: "Ideas", color: "#111111" },
        cookie: w.owner.cookie,
      })
    ).json()) as { topic: { id: string } };
    const image = await uploadImage(w.member.cookie, "post_image");
    const created = await createPost(w.member, w.community.id, {
      content: `Hello @[Other Oscar](${w.other.user.id})`,
      topicId: topic.topic.id,
      imageUrls: [image],
    });
    expect(created.status).toBe(201);
    expect(roundTrips(created)).toBe(2);
    const { id } = ((await created.json()) as { post: Post }).post;
    const edited = await call(`/api/posts/${id}`, {
      method: "PATCH",
      body: { content: `Hi @[Admin](${w.admin.user.id})`, topicId: null },
      cookie: w.member.cookie,
    });
    expect(edited.status).toBe(200);
    expect(roundTrips(edited)).toBe(2);
    const deleted = await call(`/api/posts/${id}`, { method: "DELETE", cookie: w.member.cookie });
    expect(deleted.status).toBe(200);
    expect(roundTrips(deleted)).toBe(2);
  });

  it("comments and replies in two round trips, and reads a post and its comments in one", async () => {
    const w = await world();
    const p = await post(w.member, w.community.id);
    const comment = await call(`/api/posts/${p.id}/comments`, {
      body: { content: `Nice, @[Admin](${w.admin.user.id})` },
      cookie: w.other.cookie,
    });
    expect(comment.status).toBe(201);
    expect(roundTrips(comment)).toBe(2);
    const parentId = ((await comment.json()) as { comment: { id: string } }).comment.id;
    const reply = await call(`/api/posts/${p.id}/comments`, {
      body: { content: "Thanks", parentCommentId: parentId },
      cookie: w.member.cookie,
    });
    expect(reply.status).toBe(201);
    expect(roundTrips(reply)).toBe(2);
    for (const path of [`/api/posts/${p.id}`, `/api/posts/${p.id}/comments`, `/api/comments/${parentId}/replies`]) {
      const res = await call(path, { cookie: w.owner.cookie });
      expect(res.status).toBe(200);
      expect(roundTrips(res)).toBe(1);
    }
  });
});
