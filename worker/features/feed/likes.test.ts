import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { stopClock } from "../../../tests/clock";
import { afterEach, describe, expect, it } from "vitest";
import { closeAll, connect } from "../../../party/test-socket";
import { addMember, call, createCommunity, createUser } from "../../../tests/factories";
import { openDb } from "../../lib/db";
import { parseQueryStats } from "../../lib/query-count";
import { rateLimitRules } from "../../lib/rate-limit";

afterEach(closeAll);

describe("one like, live", () => {
  it("sends the new counters to the community room and the notification the write batch read back to the author's tabs", async () => {
    const author = await createUser({ name: "Ana Author" });
    const liker = await createUser({ name: "Lado Liker" });
    const community = await createCommunity(author.user.id, { name: "Live Likes" });
    await addMember(community.id, liker.user.id);
    const created = await call(`/api/communities/${community.id}/posts`, { body: { content: "Like me" }, cookie: author.cookie });
    const postId = ((await created.json()) as { post: { id: string } }).post.id;
    const room = await connect(`/parties/community-room/${community.id}`, { cookie: liker.cookie });
    const tab = await connect(`/parties/user-room/${author.user.id}`, { cookie: author.cookie });
    await room.next("welcome");
    await tab.next("welcome");

    const like = await call(`/api/posts/${postId}/like`, { method: "POST", cookie: liker.cookie });
    expect(like.status).toBe(200);
    // The access check, then the write batch; after it, one call to the community's room (counters and
    // the leaderboard's refresh) and one to the author's (the notification and the unread count).
    expect(parseQueryStats(like.headers.get("server-timing"))).toMatchObject({ roundTrips: 2, roomCalls: 2 });
    expect(await room.next("post.counters")).toEqual({ type: "post.counters", postId, likesCount: 1, commentsCount: 0 });
    // The author's points moved: leaderboards open in the community read themselves again.
    expect(await room.next("points.changed")).toEqual({ type: "points.changed" });
    const { notification } = await tab.next("notification.created");
    expect(notification).toMatchObject({
      type: "POST_LIKE",
      content: "Like me",
      isRead: false,
      sender: { id: liker.user.id, fullName: "Lado Liker" },
      community: { id: community.id, name: "Live Likes" },
      postId,
    });
    // The post's own 10 points already reached level 2, announced before the tab opened.
    expect((await tab.next("notification.unread")).count).toBe(2);

    // An unlike moves the counters and tells nobody.
    const seen = tab.frames.length;
    expect((await call(`/api/posts/${postId}/like`, { method: "DELETE", cookie: liker.cookie })).status).toBe(200);
    const since = room.frames.length;
    expect(await room.next("post.counters", (e) => e.likesCount === 0)).toMatchObject({ postId, likesCount: 0 });
    await room.next("points.changed", undefined, since);
    await tab.expectNone("notification.created", seen, 100);
  });
});

describe("likes are rate limited per person", () => {
  it("refuses a like past the window's budget with 429 and Retry-After, and changes nothing", async () => {
    const author = await createUser();
    const liker = await createUser();
    const other = await createUser();
    const community = await createCommunity(author.user.id);
    await addMember(community.id, liker.user.id);
    await addMember(community.id, other.user.id);
    const created = await call(`/api/communities/${community.id}/posts`, { body: { content: "Like me" }, cookie: author.cookie });
    const postId = ((await created.json()) as { post: { id: string } }).post.id;
    // The liker has used the whole budget of this window (as 300 likes and unlikes would), and the
    // like below comes in the same window however long the machine takes.
    stopClock();
    const { limit, windowMs } = rateLimitRules.likes;
    const now = Date.now();
    await env.DB.prepare("insert into rate_limits (key, window_start, count) values (?, ?, ?)")
      .bind(`likes:${liker.user.id}`, now - (now % windowMs), limit)
      .run();

    const refused = await call(`/api/posts/${postId}/like`, { method: "POST", cookie: liker.cookie });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("RATE_LIMITED");
    const post = (await (await call(`/api/posts/${postId}`, { cookie: author.cookie })).json()) as {
      post: { likesCount: number };
    };
    expect(post.post.likesCount).toBe(0);
    const row = await env.DB.prepare("select count(*) as n from post_likes where post_id = ?")
      .bind(postId)
      .first<{ n: number }>();
    expect(row?.n).toBe(0);

    // The budget is the person's: someone else still likes.
    expect((await call(`/api/posts/${postId}/like`, { method: "POST", cookie: other.cookie })).status).toBe(200);
  });
});

describe("the like's notification guard", () => {
  it("finds the like's award by the ledger's unique key instead of reading through the ledger", async () => {
    const { likeNotificationGuard } = await import("./likes");
    const target = { kind: "post" as const, id: "p", authorId: "author", communityId: "c" };
    const guard = likeNotificationGuard({ kind: "post_like", id: "p:liker:n" }, target, "liker", Date.now());
    const plan = (await openDb(env).all<{ detail: string }>(sql`explain query plan select ${guard}`)).map((r) => r.detail);
    expect(plan.some((d) => /point_events USING (COVERING )?INDEX point_events_source_unique/.test(d))).toBe(true);
    expect(plan.join(" | ")).not.toMatch(/SCAN point_events/);
  });
});
