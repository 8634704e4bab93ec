import { includesFeature } from "../../common/catalog.ts";
import { COURSE } from "./classroom.ts";
import { BLOCKS } from "./extras.ts";
import { COMMUNITIES, PLAN_FEATURES, PLAN_LIMITS } from "./communities.ts";
import {
  actionTime,
  ago,
  award,
  HOUR,
  joined,
  must,
  push,
  type BuiltComment,
  type BuiltPost,
  type SeedContext,
} from "./context.ts";
import { seedId, uid, USERS } from "./people.ts";
import { POSTS, type SeedComment, type SeedReply } from "./posts.ts";

/** Users with their credential accounts, all e-mail verified. */
export function buildUsers(ctx: SeedContext, passwordHash: string): void {
  USERS.forEach((u, i) => {
    const at = ago(ctx, u.daysAgo);
    const id = uid(u.key);
    push(ctx, "users", {
      id,
      email: u.email,
      email_verified: true,
      full_name: u.fullName,
      username: u.username,
      profession: u.profession,
      location: u.location,
      website: u.website,
      bio: u.bio,
      birth_date: u.birthDate,
      phone: u.phone,
      platform_role: u.platformRole,
      created_at: at,
      updated_at: at,
    });
    // better-auth's credential account: account_id is the user id, the password is its scrypt hash.
    push(ctx, "accounts", {
      id: seedId(2, i + 1),
      user_id: id,
      account_id: id,
      provider_id: "credential",
      password: passwordHash,
      created_at: at,
      updated_at: at,
    });
  });
}

/** Communities with members and topics; stored counters are filled in by `finishCounters`. */
export function buildCommunities(ctx: SeedContext): void {
  const nino = uid("nino");
  let topicN = 0;
  COMMUNITIES.forEach((c, i) => {
    // The API sells memberships and adds courses only on a plan with those features: so does the demo.
    const features = PLAN_FEATURES[c.subscriptionPlan];
    if (c.price > 0 && !includesFeature(features, "paidMemberships"))
      throw new Error(`Seed: ${c.key} has a price on the ${c.subscriptionPlan} plan, which has no paid memberships.`);
    if (COURSE.community === c.key && !includesFeature(features, "courses"))
      throw new Error(`Seed: ${c.key} has a course on the ${c.subscriptionPlan} plan, which has no courses.`);
    const id = seedId(3, i + 1);
    ctx.communityId.set(c.key, id);
    const createdAt = ago(ctx, c.daysAgo);
    const approved = c.reviewStatus === "approved";
    const reviewedAt = approved ? createdAt + 6 * HOUR : null;
    push(ctx, "communities", {
      id,
      name: c.name,
      description: c.description,
      phone_number: c.phoneNumber,
      cover_video_url: c.coverVideoUrl,
      category_key: c.categoryKey,
      image_urls: [],
      is_paid: c.price > 0,
      price: c.price,
      currency: "GEL",
      payment_type: c.paymentType,
      subscription_interval: c.subscriptionInterval,
      target_audience: c.targetAudience,
      subscription_plan: c.subscriptionPlan,
      plan_features: PLAN_FEATURES[c.subscriptionPlan],
      plan_limits: PLAN_LIMITS[c.subscriptionPlan],
      creator_id: uid(c.creator),
      review_status: c.reviewStatus,
      submitted_for_review_at: createdAt,
      reviewed_at: reviewedAt,
      reviewed_by: approved ? nino : null,
      archived: false,
      created_at: createdAt,
      updated_at: reviewedAt ?? createdAt,
    });
    award(ctx, {
      user: c.creator,
      community: c.key,
      amount: 10,
      reason: "community_created",
      sourceKind: "community",
      sourceId: id,
      at: createdAt,
    });
    for (const m of c.members) {
      // Nobody but the creator can join before the community is approved.
      const at = m.user === c.creator ? createdAt : Math.max(ago(ctx, m.daysAgo), (reviewedAt ?? createdAt) + HOUR);
      ctx.joinedAt.set(`${c.key}:${m.user}`, at);
    }
    for (const t of c.topics) {
      topicN += 1;
      ctx.topicId.set(`${c.key}:${t.key}`, seedId(4, topicN));
      push(ctx, "community_topics", {
        id: seedId(4, topicN),
        community_id: id,
        name: t.name,
        color: t.color,
        created_at: createdAt,
      });
    }
  });
}

function blocked(a: string, b: string): boolean {
  return BLOCKS.some((x) => (x.blocker === a && x.blocked === b) || (x.blocker === b && x.blocked === a));
}

function checkInteraction(community: string, actor: string, owner: string, what: string): void {
  if (actor === owner && what.includes("like")) throw new Error(`seed: ${actor} likes their own ${what}`);
  if (blocked(actor, owner)) throw new Error(`seed: ${actor} and ${owner} block each other but interact (${what})`);
  if (!COMMUNITIES.find((c) => c.key === community)?.members.some((m) => m.user === actor)) {
    throw new Error(`seed: ${actor} is not a member of ${community}`);
  }
}

let commentN = 0;

function buildComment(
  ctx: SeedContext,
  post: BuiltPost,
  parent: BuiltComment | null,
  c: SeedComment | SeedReply,
  at: number,
): BuiltComment {
  checkInteraction(post.community, c.author, parent ? parent.author : post.author, "comment");
  commentN += 1;
  const built: BuiltComment = {
    id: seedId(6, commentN),
    author: c.author,
    content: c.content,
    at,
    likes: new Map(),
    replies: [],
  };
  award(ctx, {
    user: c.author,
    community: post.community,
    amount: 5,
    reason: "comment_created",
    sourceKind: "comment",
    sourceId: built.id,
    at,
  });
  (c.likes ?? []).forEach((liker, i) => {
    checkInteraction(post.community, liker, c.author, "comment like");
    const likedAt = actionTime(ctx, post.community, liker, at, 17 * (i + 1));
    built.likes.set(liker, likedAt);
    award(ctx, {
      user: c.author,
      community: post.community,
      amount: 1,
      reason: "comment_like_received",
      sourceKind: "comment_like",
      sourceId: `${built.id}:${uid(liker)}`,
      at: likedAt,
    });
  });
  const replies = "replies" in c ? (c.replies ?? []) : [];
  replies.forEach((r, k) => {
    built.replies.push(buildComment(ctx, post, built, r, actionTime(ctx, post.community, r.author, at, 29 * (k + 1))));
  });
  return built;
}

/** Posts, comments, replies and likes, with the points each action earns. */
export function buildPosts(ctx: SeedContext): void {
  commentN = 0;
  POSTS.forEach((p, i) => {
    const at = ago(ctx, p.daysAgo);
    if (joined(ctx, p.community, p.author) > at) throw new Error(`seed: ${p.key} is older than its author's membership`);
    const post: BuiltPost = {
      id: seedId(5, i + 1),
      community: p.community,
      author: p.author,
      headline: p.headline ?? p.content.slice(0, 80),
      at,
      likes: new Map(),
      comments: [],
    };
    ctx.posts.set(p.key, post);
    award(ctx, {
      user: p.author,
      community: p.community,
      amount: 10,
      reason: "post_created",
      sourceKind: "post",
      sourceId: post.id,
      at,
    });
    p.likes.forEach((liker, k) => {
      checkInteraction(p.community, liker, p.author, "post like");
      const likedAt = actionTime(ctx, p.community, liker, at, 37 * (k + 1));
      post.likes.set(liker, likedAt);
      award(ctx, {
        user: p.author,
        community: p.community,
        amount: 2,
        reason: "post_like_received",
        sourceKind: "post_like",
        sourceId: `${post.id}:${uid(liker)}`,
        at: likedAt,
      });
    });
    p.comments.forEach((c, k) => {
      post.comments.push(buildComment(ctx, post, null, c, actionTime(ctx, p.community, c.author, at, 53 * (k + 1))));
    });

    const replies = post.comments.reduce((n, c) => n + c.replies.length, 0);
    push(ctx, "posts", {
      id: post.id,
      community_id: must(ctx.communityId.get(p.community), p.community),
      author_id: uid(p.author),
      headline: p.headline,
      content: p.content,
      image_urls: null,
      topic_id: p.topic ? must(ctx.topicId.get(`${p.community}:${p.topic}`), `topic ${p.topic}`) : null,
      likes_count: post.likes.size,
      // Every comment row of the post, replies included.
      comments_count: post.comments.length + replies,
      pinned_at: p.pinned ? at + HOUR : null,
      edited_at: null,
      created_at: at,
      updated_at: at,
    });
    for (const [liker, likedAt] of post.likes) {
      push(ctx, "post_likes", { post_id: post.id, user_id: uid(liker), created_at: likedAt });
    }
    for (const c of post.comments) {
      pushComment(ctx, post.id, null, c);
      for (const r of c.replies) pushComment(ctx, post.id, c.id, r);
    }
  });
}

function pushComment(ctx: SeedContext, postId: string, parentId: string | null, c: BuiltComment): void {
  push(ctx, "post_comments", {
    id: c.id,
    post_id: postId,
    author_id: uid(c.author),
    parent_comment_id: parentId,
    content: c.content,
    likes_count: c.likes.size,
    replies_count: c.replies.length,
    edited_at: null,
    created_at: c.at,
    updated_at: c.at,
  });
  for (const [liker, likedAt] of c.likes) {
    push(ctx, "comment_likes", { comment_id: c.id, user_id: uid(liker), created_at: likedAt });
  }
}
