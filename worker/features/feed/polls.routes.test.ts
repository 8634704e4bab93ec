import { afterEach, describe, expect, it } from "vitest";
import { closeAll, connect } from "../../../party/test-socket";
import { stopClock } from "../../../tests/clock";
import { addMember, call, createCommunity, createUser, expectError, type TestUser } from "../../../tests/factories";
import { parseQueryStats } from "../../lib/query-count";

afterEach(closeAll);

type Poll = {
  multipleChoice: boolean;
  closesAt: number | null;
  closed: boolean;
  voters: number;
  options: { id: string; text: string; votes: number; chosen: boolean }[];
  canSeeVoters: boolean;
};
type Post = { id: string; poll: Poll | null };
type Voters = { options: { id: string; text: string; voters: { id: string; fullName: string }[] }[]; hidden: number };

const HOUR = 60 * 60 * 1000;

async function world() {
  const author = await createUser({ name: "Ana Author" });
  const owner = await createUser({ name: "Owner Olga" });
  const admin = await createUser({ name: "Admin Aleko" });
  const member = await createUser({ name: "Member Mary" });
  const other = await createUser({ name: "Other Oscar" });
  const outsider = await createUser();
  const community = await createCommunity(owner.user.id);
  for (const u of [author, member, other]) await addMember(community.id, u.user.id);
  await addMember(community.id, admin.user.id, "admin");
  return { author, owner, admin, member, other, outsider, community };
}

const createPost = (u: TestUser, communityId: string, poll: object | null) =>
  call(`/api/communities/${communityId}/posts`, { body: { content: "Which day?", poll }, cookie: u.cookie });

async function pollPost(u: TestUser, communityId: string, poll: object = { options: ["Monday", "Tuesday", "Friday"] }) {
  const res = await createPost(u, communityId, poll);
  expect(res.status).toBe(201);
  return ((await res.json()) as { post: Post }).post;
}

const vote = (u: TestUser | null, postId: string, optionIds: string[]) =>
  call(`/api/posts/${postId}/poll/vote`, { method: "PUT", body: { optionIds }, cookie: u?.cookie });
const voters = (u: TestUser, postId: string) => call(`/api/posts/${postId}/poll/voters`, { cookie: u.cookie });
const feedPoll = async (u: TestUser, communityId: string, postId: string) => {
  const res = await call(`/api/communities/${communityId}/posts`, { cookie: u.cookie });
  return ((await res.json()) as { items: Post[] }).items.find((p) => p.id === postId)?.poll;
};
const options = (n: number, length = 10) => Array.from({ length: n }, (_, i) => `${i}`.padStart(length, "x"));

describe("creating a post with a poll", () => {
  it("accepts 2 and 10 options and refuses 1 and 11, field by field", async () => {
    const w = await world();
    for (const n of [2, 10]) {
      const post = await pollPost(w.author, w.community.id, { options: options(n) });
      expect(post.poll!.options.map((o) => o.text)).toEqual(options(n));
    }
    for (const [n, message] of [
      [1, "A poll needs at least 2 options"],
      [11, "A poll can have at most 10 options"],
    ] as const) {
      const body = await expectError(
        await createPost(w.author, w.community.id, { options: options(n) }),
        422,
        "VALIDATION_FAILED",
      );
      expect(body.error.issues).toContainEqual({ path: "poll.options", message });
    }
  });

  it("accepts an option of 80 characters and refuses 81, an empty one and repeats", async () => {
    const w = await world();
    await pollPost(w.author, w.community.id, { options: ["a".repeat(80), "b"] });
    const long = await expectError(await createPost(w.author, w.community.id, { options: ["a".repeat(81), "b"] }), 422);
    expect(long.error.issues).toContainEqual({ path: "poll.options.0", message: "Option must be at most 80 characters" });
    const empty = await expectError(await createPost(w.author, w.community.id, { options: ["a", "  "] }), 422);
    expect(empty.error.issues).toContainEqual({ path: "poll.options.1", message: "Option text required" });
    const twice = await expectError(await createPost(w.author, w.community.id, { options: ["Yes", "yes"] }), 422);
    expect(twice.error.issues).toContainEqual({ path: "poll.options", message: "Options must differ" });
  });

  it("refuses a closing time in the past and keeps one in the future", async () => {
    const w = await world();
    const now = Date.UTC(2026, 10, 1, 12);
    stopClock(now);
    const past = await expectError(
      await createPost(w.author, w.community.id, { options: ["a", "b"], closesAt: now - 1 }),
      422,
      "VALIDATION_FAILED",
    );
    expect(past.error.issues).toContainEqual({ path: "poll.closesAt", message: "Closing time must be in the future" });
    const post = await pollPost(w.author, w.community.id, { options: ["a", "b"], closesAt: now + HOUR, multipleChoice: true });
    expect(post.poll).toMatchObject({ closesAt: now + HOUR, closed: false, multipleChoice: true, voters: 0, canSeeVoters: true });
  });

  it("reads a feed page of posts with polls in one round trip, without a poll as null", async () => {
    const w = await world();
    for (let i = 0; i < 3; i++) await pollPost(w.author, w.community.id);
    const plain = await createPost(w.author, w.community.id, null);
    const plainId = ((await plain.json()) as { post: Post }).post.id;
    const res = await call(`/api/communities/${w.community.id}/posts`, { cookie: w.member.cookie });
    expect(res.status).toBe(200);
    expect(parseQueryStats(res.headers.get("server-timing"))).toMatchObject({ statements: 3, roundTrips: 1 });
    const items = ((await res.json()) as { items: Post[] }).items;
    expect(items.filter((p) => p.poll?.options.length === 3)).toHaveLength(3);
    expect(items.find((p) => p.id === plainId)!.poll).toBeNull();
    expect(items.find((p) => p.poll)!.poll!.canSeeVoters).toBe(false);
  });
});

describe("voting", () => {
  it("counts a member's vote, lets them change it, and costs two round trips", async () => {
    const w = await world();
    const post = await pollPost(w.author, w.community.id);
    const [mon, tue] = post.poll!.options;
    const first = await vote(w.member, post.id, [mon!.id]);
    expect(first.status).toBe(200);
    expect(parseQueryStats(first.headers.get("server-timing"))?.roundTrips).toBe(2);
    expect(((await first.json()) as { poll: Poll }).poll.options.slice(0, 2)).toMatchObject([
      { votes: 1, chosen: true },
      { votes: 0, chosen: false },
    ]);
    expect((await vote(w.other, post.id, [mon!.id])).status).toBe(200);
    // A change replaces the vote: still one voter each.
    expect((await vote(w.member, post.id, [tue!.id])).status).toBe(200);
    const seen = await feedPoll(w.member, w.community.id, post.id);
    expect(seen).toMatchObject({ voters: 2, canSeeVoters: false });
    expect(seen!.options.map((o) => [o.votes, o.chosen])).toEqual([
      [1, false],
      [1, true],
      [0, false],
    ]);
  });

  it("takes several options only in a multiple-choice poll, and only the poll's own", async () => {
    const w = await world();
    const single = await pollPost(w.author, w.community.id);
    const ids = single.poll!.options.map((o) => o.id);
    const one = await expectError(await vote(w.member, single.id, ids.slice(0, 2)), 422, "VALIDATION_FAILED");
    expect(one.error.issues).toContainEqual({ path: "optionIds", message: "Choose one option" });
    const multi = await pollPost(w.author, w.community.id, { options: ["a", "b", "c"], multipleChoice: true });
    const foreign = await expectError(await vote(w.member, multi.id, [ids[0]!]), 422);
    expect(foreign.error.issues).toContainEqual({ path: "optionIds", message: "Unknown option" });
    await expectError(await vote(w.member, multi.id, []), 422);
    const both = await vote(
      w.member,
      multi.id,
      multi.poll!.options.slice(0, 2).map((o) => o.id),
    );
    const poll = ((await both.json()) as { poll: Poll }).poll;
    // One voter, two votes: percentages are of voters.
    expect(poll.voters).toBe(1);
    expect(poll.options.map((o) => o.votes)).toEqual([1, 1, 0]);
  });

  it("answers a guest 401, a non-member and a blocked member 404, a post without a poll 404", async () => {
    const w = await world();
    const post = await pollPost(w.author, w.community.id);
    const option = [post.poll!.options[0]!.id];
    await expectError(await vote(null, post.id, option), 401);
    await expectError(await vote(w.outsider, post.id, option), 404);
    expect((await call(`/api/users/${w.other.user.id}/block`, { method: "PUT", cookie: w.author.cookie })).status).toBe(200);
    await expectError(await vote(w.other, post.id, option), 404);
    const plain = await createPost(w.author, w.community.id, null);
    const plainId = ((await plain.json()) as { post: Post }).post.id;
    await expectError(await vote(w.member, plainId, option), 404);
    expect((await feedPoll(w.member, w.community.id, post.id))!.voters).toBe(0);
  });

  it("refuses votes once the poll closes, and shows it closed with the votes it had", async () => {
    const w = await world();
    const now = Date.UTC(2026, 10, 1, 12);
    const clock = stopClock(now);
    const post = await pollPost(w.author, w.community.id, { options: ["a", "b"], closesAt: now + HOUR });
    const [a, b] = post.poll!.options;
    expect((await vote(w.member, post.id, [a!.id])).status).toBe(200);
    clock.set(now + HOUR);
    await expectError(await vote(w.member, post.id, [b!.id]), 409, "CONFLICT");
    await expectError(await vote(w.other, post.id, [b!.id]), 409, "CONFLICT");
    expect(await feedPoll(w.member, w.community.id, post.id)).toMatchObject({
      closed: true,
      voters: 1,
      options: [{ votes: 1, chosen: true }, { votes: 0 }],
    });
  });

  it("sends the new counts to the community room", async () => {
    const w = await world();
    const post = await pollPost(w.author, w.community.id);
    const room = await connect(`/parties/community-room/${w.community.id}`, { cookie: w.other.cookie });
    await room.next("welcome");
    const [mon] = post.poll!.options;
    const res = await vote(w.member, post.id, [mon!.id]);
    expect(parseQueryStats(res.headers.get("server-timing"))).toMatchObject({ roundTrips: 2, roomCalls: 1 });
    expect(await room.next("poll.counts")).toEqual({
      type: "poll.counts",
      postId: post.id,
      voters: 1,
      options: post.poll!.options.map((o) => ({ id: o.id, votes: o.id === mon!.id ? 1 : 0 })),
    });
  });
});

describe("who voted what", () => {
  it("shows the author and admins the voters, members only the counts, in one round trip", async () => {
    const w = await world();
    const post = await pollPost(w.author, w.community.id);
    const [mon, tue] = post.poll!.options;
    await vote(w.member, post.id, [mon!.id]);
    await vote(w.other, post.id, [tue!.id]);
    for (const who of [w.author, w.admin, w.owner]) {
      const res = await voters(who, post.id);
      expect(res.status).toBe(200);
      expect(parseQueryStats(res.headers.get("server-timing"))?.roundTrips).toBe(1);
      const body = (await res.json()) as Voters;
      expect(body.hidden).toBe(0);
      expect(body.options.map((o) => o.voters.map((v) => v.fullName))).toEqual([["Member Mary"], ["Other Oscar"], []]);
    }
    expect((await feedPoll(w.admin, w.community.id, post.id))!.canSeeVoters).toBe(true);
    await expectError(await voters(w.member, post.id), 403, "FORBIDDEN");
    await expectError(await voters(w.outsider, post.id), 404);
  });

  it("counts a blocked person's vote but hides their name from the one who blocked them", async () => {
    const w = await world();
    const post = await pollPost(w.author, w.community.id);
    const [mon] = post.poll!.options;
    await vote(w.member, post.id, [mon!.id]);
    await vote(w.other, post.id, [mon!.id]);
    expect((await call(`/api/users/${w.other.user.id}/block`, { method: "PUT", cookie: w.author.cookie })).status).toBe(200);
    const mine = (await (await voters(w.author, post.id)).json()) as Voters;
    expect(mine.options[0]!.voters.map((v) => v.fullName)).toEqual(["Member Mary"]);
    expect(mine.hidden).toBe(1);
    expect((await feedPoll(w.author, w.community.id, post.id))!.options[0]!.votes).toBe(2);
    // The admin blocked nobody: they see both names.
    const theirs = (await (await voters(w.admin, post.id)).json()) as Voters;
    expect(theirs.options[0]!.voters).toHaveLength(2);
  });
});
