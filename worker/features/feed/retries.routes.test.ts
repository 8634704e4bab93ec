import { env } from "cloudflare:workers";
import { stopClock } from "../../../tests/clock";
import { describe, expect, it } from "vitest";
import { addMember, call, createCommunity, createUser, type TestUser } from "../../../tests/factories";
import { parseQueryStats } from "../../lib/query-count";

type ErrorJson = { error: { code: string; message: string; issues?: { path: string; message: string }[] } };

const count = async (query: string, ...params: unknown[]) =>
  (await env.DB.prepare(query)
    .bind(...params)
    .first<{ n: number }>())!.n;

async function world() {
  const author = await createUser({ name: "Author Ana" });
  const member = await createUser({ name: "Member Mate" });
  const community = await createCommunity(author.user.id);
  await addMember(community.id, member.user.id);
  return { author, member, community };
}

const send = (path: string, u: TestUser, body: object, key?: string) =>
  call(path, { body, cookie: u.cookie, headers: key ? { "idempotency-key": key } : {} });

const postPath = (communityId: string) => `/api/communities/${communityId}/posts`;

describe("a retried post", () => {
  it("is stored once and answered with the first post", async () => {
    const w = await world();
    const key = crypto.randomUUID();
    const first = await send(postPath(w.community.id), w.author, { content: "Only once" }, key);
    expect(first.status).toBe(201);
    const retry = await send(postPath(w.community.id), w.author, { content: "Only once" }, key);
    expect(retry.status).toBe(201);
    const a = ((await first.json()) as { post: { id: string } }).post;
    const b = ((await retry.json()) as { post: { id: string } }).post;
    expect(b).toEqual(a);
    expect(await count("select count(*) as n from posts where community_id = ?", w.community.id)).toBe(1);
    expect(await count("select posts_count as n from communities where id = ?", w.community.id)).toBe(1);
    expect(await count("select points as n from user_points where user_id = ?", w.author.user.id)).toBe(10);
    // The claim keeps a SHA-256 digest of the request (64 hex digits, a fixed size), not the request's text.
    const claim = await env.DB.prepare(
      "select request_hash as hash, resource_id as id from idempotency_keys where user_id = ? and key = ?",
    )
      .bind(w.author.user.id, key)
      .first<{ hash: string; id: string }>();
    expect(claim).toEqual({ hash: expect.stringMatching(/^[0-9a-f]{64}$/), id: a.id });
  });

  it("without a key is a new post each time", async () => {
    const w = await world();
    await send(postPath(w.community.id), w.author, { content: "Twice" });
    await send(postPath(w.community.id), w.author, { content: "Twice" });
    expect(await count("select count(*) as n from posts where community_id = ?", w.community.id)).toBe(2);
  });

  it("keeps one person's key apart from another's", async () => {
    const w = await world();
    const key = crypto.randomUUID();
    const mine = await send(postPath(w.community.id), w.author, { content: "Same words" }, key);
    const theirs = await send(postPath(w.community.id), w.member, { content: "Same words" }, key);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    const ids = [mine, theirs].map(async (r) => ((await r.json()) as { post: { id: string } }).post.id);
    expect(new Set(await Promise.all(ids)).size).toBe(2);
    expect(await count("select count(*) as n from posts where community_id = ?", w.community.id)).toBe(2);
  });

  it("refuses the same key with another body, and stores nothing for it", async () => {
    const w = await world();
    const key = crypto.randomUUID();
    expect((await send(postPath(w.community.id), w.author, { content: "First words" }, key)).status).toBe(201);
    const other = await send(postPath(w.community.id), w.author, { content: "Other words" }, key);
    expect(other.status).toBe(422);
    const error = ((await other.json()) as ErrorJson).error;
    expect(error.message).toMatch(/already used for a different request/);
    expect(error.issues).toEqual([{ path: "idempotency-key", message: "Already used for a different request" }]);
    expect(await count("select count(*) as n from posts where community_id = ?", w.community.id)).toBe(1);
  });

  it("refuses the same key for the same words in another community", async () => {
    const w = await world();
    const elsewhere = await createCommunity(w.author.user.id);
    const key = crypto.randomUUID();
    expect((await send(postPath(w.community.id), w.author, { content: "Hello" }, key)).status).toBe(201);
    expect((await send(postPath(elsewhere.id), w.author, { content: "Hello" }, key)).status).toBe(422);
    expect(await count("select count(*) as n from posts where community_id = ?", elsewhere.id)).toBe(0);
  });

  it("stores one post when identical requests arrive together", async () => {
    const w = await world();
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => send(postPath(w.community.id), w.author, { content: "At once" }, key)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(201));
    const ids = await Promise.all(answers.map(async (r) => ((await r.json()) as { post: { id: string } }).post.id));
    expect(new Set(ids).size).toBe(1);
    expect(await count("select count(*) as n from posts where community_id = ?", w.community.id)).toBe(1);
    expect(await count("select posts_count as n from communities where id = ?", w.community.id)).toBe(1);
    expect(await count("select coalesce(sum(amount), 0) as n from point_events where user_id = ?", w.author.user.id)).toBe(10);
  });

  it("answers a retry in two round trips, like the first request", async () => {
    const w = await world();
    const key = crypto.randomUUID();
    for (let i = 0; i < 2; i++) {
      const res = await send(postPath(w.community.id), w.author, { content: "Counted" }, key);
      expect(res.status).toBe(201);
      expect(parseQueryStats(res.headers.get("server-timing"))?.roundTrips).toBe(2);
    }
  });

  it("costs no posting budget when it is a retry", async () => {
    // N requests in one fixed window, however long they take.
    stopClock();
    const w = await world();
    const key = crypto.randomUUID();
    for (let i = 0; i < 6; i++)
      expect((await send(postPath(w.community.id), w.author, { content: "Retried" }, key)).status).toBe(201);
    // The limit is 30 posts in 10 minutes: the first post and 29 more fit, whatever the retries.
    for (let i = 0; i < 29; i++)
      expect((await send(postPath(w.community.id), w.author, { content: `Post ${i}` })).status).toBe(201);
    expect((await send(postPath(w.community.id), w.author, { content: "One too many" })).status).toBe(429);
    expect(await count("select count(*) as n from posts where community_id = ?", w.community.id)).toBe(30);
  });

  it.each([
    ["too long", "k".repeat(65)],
    ["with a space", "two words"],
    ["empty", ""],
    ["with a slash", "a/b"],
  ])("refuses a key %s before anything is read", async (_name, key) => {
    const w = await world();
    const res = await call(postPath(w.community.id), {
      body: { content: "x" },
      cookie: w.author.cookie,
      headers: { "idempotency-key": key },
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorJson).error.issues).toEqual([
      { path: "idempotency-key", message: "Idempotency-Key must be 1 to 64 letters, digits, hyphens or underscores" },
    ]);
    expect(await count("select count(*) as n from posts where community_id = ?", w.community.id)).toBe(0);
  });

  it("accepts a key of 64 letters, digits, hyphens and underscores", async () => {
    const w = await world();
    const key = `${"a".repeat(30)}-${"B".repeat(30)}_09`;
    expect(key).toHaveLength(64);
    expect((await send(postPath(w.community.id), w.author, { content: "Long key" }, key)).status).toBe(201);
  });
});

describe("a retried comment or reply", () => {
  it("is stored once, counted once and notified once", async () => {
    const w = await world();
    const post = (
      (await (await send(postPath(w.community.id), w.author, { content: "Post" })).json()) as { post: { id: string } }
    ).post;
    const path = `/api/posts/${post.id}/comments`;
    const key = crypto.randomUUID();
    const first = await send(path, w.member, { content: "Nice" }, key);
    const retry = await send(path, w.member, { content: "Nice" }, key);
    expect([first.status, retry.status]).toEqual([201, 201]);
    const comment = ((await first.json()) as { comment: { id: string } }).comment;
    expect(((await retry.json()) as { comment: { id: string } }).comment).toEqual(comment);

    const replyKey = crypto.randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => send(path, w.author, { content: "Thanks", parentCommentId: comment.id }, replyKey)),
    );
    expect(replies.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const replyIds = await Promise.all(replies.map(async (r) => ((await r.json()) as { comment: { id: string } }).comment.id));
    expect(new Set(replyIds).size).toBe(1);

    expect(await count("select count(*) as n from post_comments where post_id = ?", post.id)).toBe(2);
    expect(await count("select comments_count as n from posts where id = ?", post.id)).toBe(2);
    expect(await count("select replies_count as n from post_comments where id = ?", comment.id)).toBe(1);
    // Beside the level each earns with their first points (ACHIEVEMENT_EARNED, from nobody).
    expect(
      await count("select count(*) as n from notifications where recipient_id = ? and sender_id is not null", w.author.user.id),
    ).toBe(1);
    expect(
      await count("select count(*) as n from notifications where recipient_id = ? and sender_id is not null", w.member.user.id),
    ).toBe(1);
    expect(await count("select points as n from user_points where user_id = ?", w.member.user.id)).toBe(5);
  });

  it("keeps the same key for a post and for a comment apart", async () => {
    const w = await world();
    const key = crypto.randomUUID();
    const post = (
      (await (await send(postPath(w.community.id), w.author, { content: "Post" }, key)).json()) as {
        post: { id: string };
      }
    ).post;
    expect((await send(`/api/posts/${post.id}/comments`, w.author, { content: "Own comment" }, key)).status).toBe(201);
    expect(await count("select count(*) as n from post_comments where post_id = ?", post.id)).toBe(1);
  });

  it("refuses the same key with other words", async () => {
    const w = await world();
    const post = (
      (await (await send(postPath(w.community.id), w.author, { content: "Post" })).json()) as { post: { id: string } }
    ).post;
    const key = crypto.randomUUID();
    expect((await send(`/api/posts/${post.id}/comments`, w.member, { content: "One" }, key)).status).toBe(201);
    expect((await send(`/api/posts/${post.id}/comments`, w.member, { content: "Two" }, key)).status).toBe(422);
    expect(await count("select count(*) as n from post_comments where post_id = ?", post.id)).toBe(1);
  });
});

describe("a retried report", () => {
  it("answers the first report instead of refusing it as a second one", async () => {
    const w = await world();
    const post = (
      (await (await send(postPath(w.community.id), w.author, { content: "Spam" })).json()) as { post: { id: string } }
    ).post;
    const path = `/api/posts/${post.id}/report`;
    const key = crypto.randomUUID();
    const first = await send(path, w.member, { reason: "Spam" }, key);
    const retry = await send(path, w.member, { reason: "Spam" }, key);
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(await retry.json()).toEqual(await first.json());
    // A new report of the same post (a new key) is still one too many.
    expect((await send(path, w.member, { reason: "Spam" }, crypto.randomUUID())).status).toBe(409);
    expect(await count("select count(*) as n from reports where target_id = ?", post.id)).toBe(1);
  });
});

describe("likes without a key", () => {
  it("count a like sent twice at once by one person once", async () => {
    const w = await world();
    const post = (
      (await (await send(postPath(w.community.id), w.author, { content: "Like me" })).json()) as {
        post: { id: string };
      }
    ).post;
    const likes = await Promise.all(
      Array.from({ length: 4 }, () => call(`/api/posts/${post.id}/like`, { method: "POST", cookie: w.member.cookie })),
    );
    expect(likes.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await count("select likes_count as n from posts where id = ?", post.id)).toBe(1);
    expect(await count("select points as n from user_points where user_id = ?", w.author.user.id)).toBe(12);
    expect(
      await count("select count(*) as n from notifications where recipient_id = ? and type = 'POST_LIKE'", w.author.user.id),
    ).toBe(1);
  });
});
