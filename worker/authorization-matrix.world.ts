import { eq } from "drizzle-orm";
import { plans } from "../common/catalog";
import type { ReviewStatus } from "../common/contract/enums";
import { newId } from "../common/ids";
import * as schema from "../db/schema";
import { sessionCookie } from "../tests/factories";
import { openD1TestDb } from "../tests/test-db-d1";
import { callers, type Caller, type SignedIn } from "./authorization-matrix.table";
import { batch, type Statement } from "./lib/db";
import { randomToken } from "./lib/random-token";

/** The id of the first option of the poll on a community's post. */
export const pollOptionId = (postId: string) => `${postId}:a`;

/**
 * The people and communities of the authorization matrix, written straight into D1 (a few batches, no
 * sign-ups), so that a fresh community per mutating call stays cheap.
 *
 * Content carries markers, `[[c:KEY]]` for a community's content and `[[b:KEY]]` for the content the
 * author's block hides, so the leak scan can tell whose content an answer carries (`registry`).
 */

const db = openD1TestDb();
const DAY = 24 * 60 * 60 * 1000;

export type Person = {
  id: string;
  email: string;
  phone: string;
  /** The raw session token, and the cookie that carries it. */
  token: string;
  cookie: string;
  /** A password-reset token of theirs (a verification value that must never leave the server). */
  resetToken: string;
  /** A notification addressed to them. */
  notificationId: string;
};

/** Callers plus the strangers who own and fill the away community. */
export type People = Record<SignedIn | "stranger" | "neighbour", Person>;

export type CommunityWorld = {
  id: string;
  /** The marker key of its content. */
  key: string;
  phone: string;
  topicId: string;
  /** The post and the comment on it, by `author` (home) or `neighbour` (away), and a reply to the comment. */
  postId: string;
  commentId: string;
  replyId: string;
  /** An open report of the reply. */
  reportId: string;
  /** A plain member: whose role the owner may change. */
  plainMemberId: string;
  /** The group chat of its members. */
  chatId: string;
  /** A message in the group chat, by `author` (home) or `neighbour` (away). */
  messageId: string;
  /** A published course every member is enrolled in, with one lesson. */
  courseId: string;
  videoId: string;
  /** An upcoming event. */
  eventId: string;
  /** An open invite link, and its token. */
  inviteLinkId: string;
  inviteToken: string;
};

export type Layout = "home" | "away";

/** What the leak scan needs to know of every community made: who may read it and see its number. */
export const registry = {
  /** Who has member access to its content, by marker key (`[[b:KEY]]` content: all of them but `blocked`). */
  readers: new Map<string, ReadonlySet<Caller>>(),
  /** Its contact number: for the people running it (owner and admins) and staff. */
  contactNumbers: new Map<string, ReadonlySet<Caller>>(),
};

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;
/** Georgian mobile numbers, distinct per person and community. */
const phone = () => `+9955${String(10_000_000 + counter++).slice(-8)}`;

const signedIn = callers.filter((caller): caller is SignedIn => caller !== "guest");

function personStatements(label: string, opts: { staff?: boolean; pendingDeletion?: boolean } = {}) {
  const id = newId();
  const now = Date.now();
  const token = `tok-${newId()}`;
  const person = {
    id,
    email: `${label}-${unique()}@matrix.test`,
    phone: phone(),
    token,
    resetToken: `rst-${newId()}`,
    notificationId: newId(),
  };
  const statements: Statement[] = [
    db.insert(schema.users).values({
      id,
      email: person.email,
      emailVerified: true,
      fullName: `${label} ${unique()}`,
      phone: person.phone,
      platformRole: opts.staff ? "staff" : null,
      deletionRequestedAt: opts.pendingDeletion ? now : null,
      deletionScheduledAt: opts.pendingDeletion ? now + 30 * DAY : null,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    }),
    sessionStatement(id, token),
    db.insert(schema.verifications).values({
      id: newId(),
      identifier: `reset-password:${person.resetToken}`,
      value: id,
      expiresAt: new Date(now + DAY),
      createdAt: new Date(now),
      updatedAt: new Date(now),
    }),
    db.insert(schema.notifications).values({
      id: person.notificationId,
      recipientId: id,
      type: "SYSTEM_ANNOUNCEMENT",
    }),
  ];
  return { person, statements };
}

function sessionStatement(userId: string, token: string) {
  const now = Date.now();
  return db.insert(schema.sessions).values({
    id: newId(),
    userId,
    token,
    expiresAt: new Date(now + DAY),
    createdAt: new Date(now),
    updatedAt: new Date(now),
  });
}

/** Everyone, in one batch; the author has blocked `blocked`. */
export async function createPeople(): Promise<People> {
  const labels = [...signedIn, "stranger", "neighbour"] as const;
  const built = labels.map((label) =>
    personStatements(label, { staff: label === "staff", pendingDeletion: label === "pendingDeletion" }),
  );
  const byLabel = Object.fromEntries(built.map(({ person }, i) => [labels[i], person])) as Record<
    (typeof labels)[number],
    Omit<Person, "cookie">
  >;
  await batch(db, [
    ...built.flatMap((b) => b.statements),
    db.insert(schema.blockedUsers).values({ blockerId: byLabel.author.id, blockedId: byLabel.blocked.id }),
  ]);
  const people = await Promise.all(
    labels.map(async (label) => [label, { ...byLabel[label], cookie: await sessionCookie(byLabel[label].token) }] as const),
  );
  return Object.fromEntries(people) as People;
}

/** A second session of `person`, for calls that end the one they are made with (sign-out). */
export async function extraSession(person: Person): Promise<string> {
  const token = `tok-${newId()}`;
  await sessionStatement(person.id, token);
  return sessionCookie(token);
}

/** Another session of `person`, by id (what the session list names), for signing it out. */
export async function extraSessionId(person: { id: string }): Promise<string> {
  const token = `tok-${newId()}`;
  await sessionStatement(person.id, token);
  const [row] = await db.select({ id: schema.sessions.id }).from(schema.sessions).where(eq(schema.sessions.token, token));
  return row!.id;
}

/** A user nobody else knows, with a reset token: for the password reset, which revokes their sessions. */
export async function throwawayResetToken(): Promise<string> {
  const { person, statements } = personStatements("throwaway");
  await batch(db, statements);
  return person.resetToken;
}

/**
 * Home's members as they stand: `removed` was one until an admin removed them, and `banned` until an
 * admin banned them, so neither holds a row; `lapsed` holds one whose paid access ended yesterday.
 */
const homeRoles: Partial<Record<SignedIn, "admin" | "moderator" | "member">> = {
  owner: "admin",
  admin: "admin",
  moderator: "moderator",
  member: "member",
  author: "member",
  blocked: "member",
  pendingDeletion: "member",
  lapsed: "member",
};

/**
 * A community laid out as home (the callers' community, content by `author`) or away (the strangers'),
 * with a topic, a post, a comment, a reply, an open report and a group chat of its members.
 */
export async function createCommunity(
  people: People,
  layout: Layout,
  opts: { status?: ReviewStatus; archived?: boolean; paid?: boolean } = {},
): Promise<CommunityWorld> {
  const id = newId();
  const key = newId().slice(-8);
  const status = opts.status ?? "approved";
  // Home sells a monthly membership (so that `lapsed` is lapsed); its other members' access has no end.
  const paid = opts.paid ?? layout === "home";
  const owner = layout === "home" ? people.owner : people.stranger;
  const writer = layout === "home" ? people.author : people.neighbour;
  const replier = layout === "home" ? people.member : people.stranger;
  const roles: [Person, "admin" | "moderator" | "member"][] =
    layout === "home"
      ? Object.entries(homeRoles).map(([caller, role]) => [people[caller as SignedIn], role])
      : [
          [people.stranger, "admin"],
          [people.neighbour, "member"],
        ];
  const world: CommunityWorld = {
    id,
    key,
    phone: phone(),
    topicId: newId(),
    postId: newId(),
    commentId: newId(),
    replyId: newId(),
    reportId: newId(),
    plainMemberId: layout === "home" ? people.member.id : people.neighbour.id,
    chatId: newId(),
    messageId: newId(),
    courseId: newId(),
    videoId: newId(),
    eventId: newId(),
    inviteLinkId: newId(),
    inviteToken: randomToken(),
  };
  const content = `[[c:${key}]] [[b:${key}]]`;
  await batch(db, [
    db.insert(schema.communities).values({
      id,
      name: `${layout} ${key}`,
      description: "A community of the authorization matrix",
      phoneNumber: world.phone,
      categoryKey: "technology",
      creatorId: owner.id,
      reviewStatus: status,
      archived: opts.archived ?? false,
      // Premium: its course routes and paid joins answer as the table expects (Free has neither), and
      // the owner may still pay for Starter.
      subscriptionPlan: "premium",
      planFeatures: [...plans.premium.features],
      planLimits: { maxMembers: plans.premium.maxMembers },
      ...(paid
        ? { isPaid: true, price: 1000, paymentType: "subscription" as const, subscriptionInterval: "monthly" as const }
        : {}),
      membersCount: roles.length,
      postsCount: 1,
    }),
    ...roles.map(([person, role]) =>
      db.insert(schema.communityMembers).values({
        communityId: id,
        profileId: person.id,
        role,
        joinedAt: Date.now() - 2 * DAY,
        accessUntil: person === people.lapsed ? Date.now() - DAY : null,
      }),
    ),
    db.insert(schema.communityTopics).values({ id: world.topicId, communityId: id, name: `Topic ${key}`, color: "#2563EB" }),
    // Home holds a ban on a stranger, for the unban route to lift, and on `banned`; `requested` asked to join.
    ...(layout === "home"
      ? [
          db.insert(schema.communityBans).values({ communityId: id, userId: people.stranger.id, bannedBy: owner.id }),
          db.insert(schema.communityBans).values({ communityId: id, userId: people.banned.id, bannedBy: owner.id }),
          db.insert(schema.membershipRequests).values({ id: newId(), communityId: id, userId: people.requested.id }),
        ]
      : []),
    db.insert(schema.posts).values({
      id: world.postId,
      communityId: id,
      authorId: writer.id,
      topicId: world.topicId,
      headline: `${content} headline`,
      content: `${content} post by the author`,
      commentsCount: 1,
    }),
    // The post carries an open poll; its first option's id is `pollOptionId(postId)`.
    db.insert(schema.postPolls).values({ postId: world.postId }),
    db.insert(schema.postPollOptions).values([
      { id: pollOptionId(world.postId), postId: world.postId, position: 0, text: "Yes" },
      { id: `${world.postId}:b`, postId: world.postId, position: 1, text: "No" },
    ]),
    db.insert(schema.postComments).values({
      id: world.commentId,
      postId: world.postId,
      authorId: writer.id,
      content: `${content} comment by the author`,
      repliesCount: 1,
    }),
    db.insert(schema.postComments).values({
      id: world.replyId,
      postId: world.postId,
      authorId: replier.id,
      parentCommentId: world.commentId,
      content: `[[c:${key}]] reply`,
    }),
    // Of the reply, so that every caller can still report the post and the comment once.
    db.insert(schema.reports).values({
      id: world.reportId,
      reporterId: writer.id,
      communityId: id,
      targetKind: "comment",
      targetId: world.replyId,
      reason: "Spam",
    }),
    db.insert(schema.conversations).values({
      id: world.chatId,
      type: "group",
      name: `Chat ${key}`,
      communityId: id,
      memberCount: roles.length,
      createdBy: owner.id,
      version: 1,
      lastMessageId: world.messageId,
      lastMessagePreview: `${content} message by the author`,
      lastMessageSenderId: writer.id,
      lastMessageAt: Date.now(),
    }),
    ...roles.map(([person]) =>
      db.insert(schema.conversationParticipants).values({ conversationId: world.chatId, userId: person.id }),
    ),
    db.insert(schema.messages).values({
      id: world.messageId,
      conversationId: world.chatId,
      senderId: writer.id,
      content: `${content} message by the author`,
      seq: 1,
      version: 1,
    }),
    db.insert(schema.classroomCourses).values({
      id: world.courseId,
      communityId: id,
      title: `[[c:${key}]] course`,
      createdBy: owner.id,
      videosCount: 1,
      enrollmentsCount: roles.length,
    }),
    db.insert(schema.courseVideos).values({
      id: world.videoId,
      courseId: world.courseId,
      title: `[[c:${key}]] lesson`,
      videoUrl: "https://player.vimeo.com/video/76979871",
      videoDuration: 60,
      orderIndex: 1,
    }),
    ...roles.map(([person]) => db.insert(schema.courseEnrollments).values({ courseId: world.courseId, userId: person.id })),
    db.insert(schema.communityEvents).values({
      id: world.eventId,
      communityId: id,
      name: `[[c:${key}]] event`,
      location: "Tbilisi",
      startTime: Date.now() + DAY,
      endTime: Date.now() + DAY + 3_600_000,
      timeZone: "Asia/Tbilisi",
      createdBy: owner.id,
    }),
  ]);
  await batch(db, [
    db
      .insert(schema.communityInviteLinks)
      .values({ id: world.inviteLinkId, communityId: id, token: world.inviteToken, createdBy: owner.id }),
    // Home has invited every caller by name, so each can answer an invitation of their own; away, its owner.
    ...(layout === "home" ? signedIn.map((caller) => people[caller]) : [people.stranger]).map((invitee) =>
      db.insert(schema.communityInvitations).values({ communityId: id, inviteeId: invitee.id, inviterId: owner.id }),
    ),
  ]);
  registry.readers.set(key, readersOf(layout, status, paid));
  registry.contactNumbers.set(world.phone, new Set<Caller>(layout === "home" ? ["owner", "admin", "staff"] : ["staff"]));
  return world;
}

/**
 * Who has member access: home's members while it is approved (but `lapsed` while it is paid), only its
 * owner otherwise; nobody in away.
 */
export function readersOf(layout: Layout, status: ReviewStatus, paid = layout === "home"): ReadonlySet<Caller> {
  if (layout === "away") return new Set();
  if (status !== "approved") return new Set(["owner"]);
  return new Set((Object.keys(homeRoles) as Caller[]).filter((caller) => !(paid && caller === "lapsed")));
}

/** A direct chat of the two strangers: the conversation room nobody of the callers may open. */
export async function createStrangersChat(people: People): Promise<string> {
  const id = newId();
  await batch(db, [
    db.insert(schema.conversations).values({
      id,
      type: "direct",
      directKey: [people.stranger.id, people.neighbour.id].sort().join(":"),
      memberCount: 2,
      createdBy: people.stranger.id,
    }),
    db.insert(schema.conversationParticipants).values({ conversationId: id, userId: people.stranger.id }),
    db.insert(schema.conversationParticipants).values({ conversationId: id, userId: people.neighbour.id }),
  ]);
  return id;
}
