// One simulated member: a loop of human-paced actions (reading, posting, commenting, liking, joining,
// the bell, rooms), a share of its writes sent twice as a flaky network would, and what it was told
// written into `expected` for the checks at the end.
import { httpClient, openRoom } from "./client.mjs";

/** What the members were told the server stored: the checks compare the database with it. */
export function expectations(memberships) {
  return {
    posts: new Map(),
    comments: new Map(),
    /** `${targetId}:${userId}` as each member last had a like or unlike acknowledged. */
    postLikes: new Set(),
    commentLikes: new Set(),
    /** Every like ever acknowledged, by someone other than the author (one notification each). */
    postLikedEver: new Set(),
    commentLikedEver: new Set(),
    memberships: new Set(memberships),
    joins: 0,
    retried: { "lost answer": 0, "timed out": 0, "sent twice at once": 0 },
  };
}

/** The posting limit is 30 posts and comments per 10-minute window: a member keeps under it. */
const POSTING_WINDOW_MS = 10 * 60_000;
const POSTING_BUDGET = 26;

const pick = (items) => items[Math.floor(Math.random() * items.length)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const words = "community load test post comment reply hello thanks idea question answer share learn build tbilisi".split(" ");
const sentence = (n) => Array.from({ length: n }, () => pick(words)).join(" ");
const key = () => crypto.randomUUID();

export class Member {
  constructor(person, { base, world, expected, recorder, retryShare, think }) {
    this.me = person;
    this.base = base;
    this.world = world;
    this.expected = expected;
    this.recorder = recorder;
    this.retryShare = retryShare;
    this.think = think;
    this.send = httpClient({ base, cookie: person.cookie, recorder });
    this.seenPosts = new Map();
    this.seenComments = new Map();
    this.unread = [];
    this.posting = new Map();
    /** Notification ids the member's user room pushed. */
    this.pushed = new Set();
    this.communityRoom = null;
    this.userRoom = null;
    /** The action under way and since when, for a run that does not end. */
    this.doing = null;
  }

  joined() {
    return this.world.groups.filter((g) => this.expected.memberships.has(`${g.id}:${this.me.id}`));
  }

  /** The user room stays open the whole run, like a signed-in tab's. */
  async connect() {
    const room = { base: this.base, cookie: this.me.cookie, recorder: this.recorder };
    this.userRoom = await openRoom(room, "open user room", "user-room", this.me.id, (frame) => {
      if (frame.type === "notification.created") this.pushed.add(frame.notification.id);
    });
  }

  close() {
    this.userRoom?.close();
    this.communityRoom?.close();
  }

  async run(until) {
    await sleep(Math.random() * this.think.max);
    while (Date.now() < until) {
      const [, action] = pickWeighted(this.mix());
      this.doing = { action: action.name, since: Date.now() };
      if (!(await action.call(this))) await this.readFeed();
      this.doing = null;
      await sleep(this.think.min + Math.random() * (this.think.max - this.think.min));
    }
  }

  mix() {
    // Where there is little to read yet, people write first.
    const known = this.joined().reduce((n, g) => n + (this.seenPosts.get(g.id)?.length ?? 0), 0);
    return [
      [24, this.readFeed],
      [14, this.readPost],
      [14, this.togglePostLike],
      [4, this.toggleCommentLike],
      [5, this.comment],
      [2, this.reply],
      [known < 10 ? 12 : 2, this.post],
      [6, this.listNotifications],
      [8, this.unreadCount],
      [4, this.markRead],
      [2, this.join],
      [5, this.openCommunityRoom],
    ];
  }

  // ---- reads -----------------------------------------------------------------------------------

  async readFeed() {
    const community = pick(this.joined());
    const { status, body } = await this.send("read feed", "GET", `/api/communities/${community.id}/posts?limit=20`);
    if (status !== 200) return true;
    this.seenPosts.set(
      community.id,
      body.items.map((p) => ({ id: p.id, authorId: p.author?.id ?? null, communityId: community.id })),
    );
    for (const p of body.items) {
      // Read-your-writes: the member's own likes show as they were acknowledged.
      if (p.userHasLiked !== this.expected.postLikes.has(`${p.id}:${this.me.id}`))
        this.recorder.fail(
          `read feed: post ${p.id} shows userHasLiked=${p.userHasLiked} to ${this.me.name}, who was told otherwise`,
        );
    }
    return true;
  }

  seenPost() {
    const posts = this.joined().flatMap((g) => this.seenPosts.get(g.id) ?? []);
    return posts.length ? pick(posts) : null;
  }

  async readPost() {
    const post = this.seenPost();
    if (!post) return false;
    const [page, comments] = await Promise.all([
      this.send("read post", "GET", `/api/posts/${post.id}`),
      this.send("read comments", "GET", `/api/posts/${post.id}/comments?limit=50`),
    ]);
    if (page.status !== 200 || comments.status !== 200) return true;
    this.seenComments.set(
      post.id,
      comments.body.items.map((cm) => ({ id: cm.id, authorId: cm.author?.id ?? null, postId: post.id })),
    );
    return true;
  }

  async listNotifications() {
    const { status, body } = await this.send("list notifications", "GET", "/api/notifications?limit=20");
    if (status === 200) this.unread = body.items.filter((n) => !n.isRead).map((n) => n.id);
    return true;
  }

  async unreadCount() {
    await this.send("unread count", "GET", "/api/notifications/unread-count");
    return true;
  }

  // ---- writes ----------------------------------------------------------------------------------

  /**
   * Sends a write; a share of them twice, as a flaky network would make a client do: after the first
   * answer was lost, after giving up waiting (creates only: the first is dropped while in flight), or
   * with the first still in flight. Answers both answers; the second is the one the member believes.
   */
  async write(action, method, path, opts = {}) {
    if (Math.random() >= this.retryShare) {
      const answer = await this.send(action, method, path, opts);
      return { answer, answers: [answer] };
    }
    const modes = opts.key ? ["lost answer", "timed out", "sent twice at once"] : ["lost answer", "sent twice at once"];
    const mode = pick(modes);
    this.expected.retried[mode] += 1;
    const again = `${action} (retry)`;
    if (mode === "sent twice at once") {
      const first = this.send(action, method, path, opts);
      await sleep(Math.random() * 40);
      const answers = await Promise.all([first, this.send(again, method, path, opts)]);
      return { answer: answers[1], answers };
    }
    const first = await this.send(
      action,
      method,
      path,
      mode === "timed out" ? { ...opts, abortAfter: 5 + Math.round(Math.random() * 60) } : opts,
    );
    const answer = await this.send(again, method, path, opts);
    return { answer, answers: first.aborted ? [answer] : [first, answer] };
  }

  /** Every answer to one create names the same thing, or the server stored it twice. */
  sameCreated(action, answers, idOf) {
    const ids = new Set(answers.filter((a) => a.status === 201).map((a) => idOf(a.body)));
    if (ids.size > 1) this.recorder.fail(`${action}: one Idempotency-Key answered ${[...ids].join(" and ")}`);
  }

  /** Whether a post or comment still fits the posting window; counts the requests it will send. */
  canPost() {
    const now = Date.now();
    const window = now - (now % POSTING_WINDOW_MS);
    const used = this.posting.get(window) ?? 0;
    if (used + 2 > POSTING_BUDGET) return false;
    this.posting.set(window, used + 2);
    return true;
  }

  async post() {
    if (!this.canPost()) return false;
    const community = pick(this.joined());
    const body = { content: `${sentence(12)}.`, headline: Math.random() < 0.5 ? sentence(3) : null };
    if (Math.random() < 0.5) body.topicId = pick(this.world.groups.find((g) => g.id === community.id).topicIds);
    const { answer, answers } = await this.write("create post", "POST", `/api/communities/${community.id}/posts`, {
      body,
      key: key(),
    });
    this.sameCreated("create post", answers, (b) => b.post.id);
    if (answer.status !== 201) return true;
    const post = { id: answer.body.post.id, authorId: this.me.id, communityId: community.id };
    this.expected.posts.set(post.id, post);
    this.seenPosts.set(community.id, [post, ...(this.seenPosts.get(community.id) ?? [])]);
    return true;
  }

  async comment() {
    const post = this.seenPost();
    if (!post || !this.canPost()) return false;
    await this.createComment("create comment", post, null);
    return true;
  }

  async reply() {
    // Mostly to someone else's comment, as in a conversation.
    const comments = [...this.seenComments.values()].flat();
    const others = comments.filter((cm) => cm.authorId !== this.me.id);
    const parent = others.length && Math.random() < 0.9 ? pick(others) : comments.length ? pick(comments) : null;
    const post =
      parent &&
      this.joined()
        .flatMap((g) => this.seenPosts.get(g.id) ?? [])
        .find((p) => p.id === parent.postId);
    if (!post || !this.canPost()) return false;
    await this.createComment("reply", post, parent);
    return true;
  }

  async createComment(action, post, parent) {
    const body = { content: sentence(parent ? 6 : 10), ...(parent ? { parentCommentId: parent.id } : {}) };
    const { answer, answers } = await this.write(action, "POST", `/api/posts/${post.id}/comments`, { body, key: key() });
    this.sameCreated(action, answers, (b) => b.comment.id);
    if (answer.status !== 201) return;
    const comment = { id: answer.body.comment.id, authorId: this.me.id, postId: post.id, parentId: parent?.id ?? null };
    this.expected.comments.set(comment.id, comment);
    if (!parent) this.seenComments.set(post.id, [...(this.seenComments.get(post.id) ?? []), comment]);
  }

  async togglePostLike() {
    const post = this.seenPost();
    if (!post) return false;
    await this.toggleLike("post", post.id, post.authorId, `/api/posts/${post.id}/like`);
    return true;
  }

  async toggleCommentLike() {
    const comments = [...this.seenComments.values()].flat();
    if (!comments.length) return false;
    const comment = pick(comments);
    await this.toggleLike("comment", comment.id, comment.authorId, `/api/comments/${comment.id}/like`);
    return true;
  }

  async toggleLike(kind, id, authorId, path) {
    const pair = `${id}:${this.me.id}`;
    const likes = kind === "post" ? this.expected.postLikes : this.expected.commentLikes;
    const like = !likes.has(pair);
    const action = `${like ? "like" : "unlike"} ${kind}`;
    const { answer } = await this.write(action, like ? "POST" : "DELETE", path);
    if (answer.status !== 200) return;
    if (like) {
      likes.add(pair);
      if (authorId !== this.me.id) (kind === "post" ? this.expected.postLikedEver : this.expected.commentLikedEver).add(pair);
    } else likes.delete(pair);
  }

  async join() {
    const open = this.world.groups.filter((g) => !this.expected.memberships.has(`${g.id}:${this.me.id}`));
    if (!open.length) return false;
    const community = pick(open);
    // Sent twice, the second join finds the member already in: that is the join having worked.
    const joinedOrMember = (s) => s === 200 || s === 409;
    const { answers } = await this.write("join", "POST", `/api/communities/${community.id}/join`, {
      body: {},
      expect: joinedOrMember,
    });
    const joined = answers.filter((a) => a.status === 200).length;
    if (joined > 1) this.recorder.fail(`join: ${this.me.name} joined ${community.name} twice`);
    if (joined === 1) {
      this.expected.memberships.add(`${community.id}:${this.me.id}`);
      this.expected.joins += 1;
    } else if (answers.some((a) => a.status === 409)) {
      this.recorder.fail(`join: ${this.me.name} was already in ${community.name} without having joined`);
    }
    return true;
  }

  async markRead() {
    if (this.unread.length) {
      await this.write("mark read", "POST", `/api/notifications/${this.unread.shift()}/read`, { body: {} });
    } else {
      await this.write("mark all read", "POST", "/api/notifications/read-all", { body: {} });
    }
    return true;
  }

  async openCommunityRoom() {
    const community = pick(this.joined());
    this.communityRoom?.close();
    this.communityRoom = await openRoom(
      { base: this.base, cookie: this.me.cookie, recorder: this.recorder },
      "open community room",
      "community-room",
      community.id,
    );
    return true;
  }
}

function pickWeighted(entries) {
  const total = entries.reduce((sum, [w]) => sum + w, 0);
  let roll = Math.random() * total;
  for (const entry of entries) {
    roll -= entry[0];
    if (roll < 0) return entry;
  }
  return entries[entries.length - 1];
}
