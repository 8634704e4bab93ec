import { and, eq, isNotNull, lte, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { newId } from "../../../common/ids";
import type { AppEnv } from "../../env";
import { batch, type Db } from "../../lib/db";
import {
  conversationSettled,
  disconnectFromCommunity,
  disconnectFromConversation,
  disconnectUserRoom,
  reloadConversations,
} from "../../lib/rooms";
import { userRoomsStatements } from "../../lib/user-rooms";
import { deliver } from "../../lib/notification-delivery";
import { planColumns } from "../../lib/community-plan";
import { bare, selectAs, tableAs, type SelectAsRow } from "../../lib/sql-names";
import {
  classroomCourses,
  commentLikes,
  communities,
  communityEvents,
  communityMembers,
  conversationParticipants,
  conversations,
  mailOutbox,
  messages,
  notificationMailQueue,
  pointEvents,
  postComments,
  postLikes,
  posts,
  rateLimits,
  uploads,
  users,
  verifications,
} from "../../lib/tables";

/** Another comment, seen from a statement over `post_comments` (its replies, or a post's comments). */
const reply = alias(postComments, "r");
/** Another message, seen from a statement over `messages` (one that replies to it). */
const replyMessage = alias(messages, "r");
/** A membership of the community a statement over `communities` is at. */
const m = alias(communityMembers, "m");
/** The last message of the conversation a statement over `conversations` is at. */
const lastMessage = alias(messages, "m");
/** Where the purged person's files may still show (see `stillShown`). */
const c = alias(communities, "c");
const p = alias(posts, "p");
const k = alias(classroomCourses, "k");
const e = alias(communityEvents, "e");
const g = alias(messages, "g");

/** Accounts purged per cron run; the rest wait for the next run, a quarter of an hour later. */
const PURGE_BATCH = 20;

const dueFields = { id: users.id, email: users.email };
type Due = SelectAsRow<typeof dueFields>;

/** The cron's part of account deletion: every account whose scheduled date has passed is purged. */
export async function purgeDueAccounts(env: AppEnv, db: Db, now = Date.now()) {
  const due: Due[] = await db
    .select(dueFields)
    .from(users)
    .where(and(isNotNull(users.deletionScheduledAt), lte(users.deletionScheduledAt, now)))
    .orderBy(users.deletionScheduledAt)
    .limit(PURGE_BATCH);
  for (const account of due) await purgeAccount(env, db, account);
  return { purged: due.length };
}

/**
 * Who takes over a community whose owner's account is purged: the longest-standing admin, else
 * moderator, else member (members whose paid access is current first), so that the people who already
 * run it keep running it. The purged person's own membership is not a candidate. Null when nobody is left.
 */
const successor = (ownerId: string, now: number) =>
  sql`(select ${m.profileId} from ${tableAs(m)} where ${m.communityId} = ${communities.id} and ${m.profileId} <> ${ownerId}
       order by case ${m.role} when 'admin' then 0 when 'moderator' then 1 else 2 end,
         case when ${m.accessUntil} is null or ${m.accessUntil} > ${now} then 0 else 1 end, ${m.joinedAt}, ${m.profileId}
       limit 1)`;

/**
 * Which of `urls` (the purged person's files) content that stays still shows: images of the
 * communities they were in and of their courses and events, images of their posts others answered,
 * files of their messages others replied to. Their own kept content no longer has an author.
 */
const stillShown = (db: Db, urls: string[], inCommunities: SQL, inConversations: SQL) =>
  urls.length === 0
    ? Promise.resolve([])
    : db.all<{ url: string }>(
        sql`with mine(url) as (select value from json_each(${JSON.stringify(urls)}))
            select url from mine where
              exists (select 1 from ${tableAs(c)}, json_each(${c.imageUrls}) j where ${c.id} in ${inCommunities} and j.value = mine.url)
              or exists (select 1 from ${tableAs(p)}, json_each(${p.imageUrls}) j
                where ${p.authorId} is null and ${p.communityId} in ${inCommunities} and j.value = mine.url)
              or exists (select 1 from ${tableAs(k)} where ${k.communityId} in ${inCommunities} and ${k.imageUrl} = mine.url)
              or exists (select 1 from ${tableAs(e)} where ${e.communityId} in ${inCommunities} and ${e.imageUrl} = mine.url)
              or exists (select 1 from ${tableAs(g)} where ${g.conversationId} in ${inConversations} and ${g.senderId} is null
                and ${g.fileUrl} = mine.url)`,
      );

const likedPostFields = { id: postLikes.postId };
const likedCommentFields = { id: commentLikes.commentId };

/**
 * Deletes an account and everything personal of it (DESIGN.md "Account deletion"). What others
 * answered stays, without its author ('Deleted user'): a post someone else commented on, a comment
 * someone else replied to, a message someone replied to. Everything else the person wrote goes, and so
 * do their files (but those that what stays still shows), profile, memberships, sessions, likes,
 * reactions and notifications (the foreign keys cascade from the users row or set the author to null).
 * Communities they owned get a new owner (who is told), or are archived when nobody is left in them. Counters on the
 * rows that stay are counted again, and the person's sockets are closed.
 */
export async function purgeAccount(env: AppEnv, db: Db, account: Due) {
  const { id, email } = account;
  const files = db.select({ r2Key: uploads.r2Key }).from(uploads).where(eq(uploads.ownerId, id));
  const { communities: communityIds, conversations: conversationIds } = userRoomsStatements(db, id);
  // Posts and comments whose counters the purge changes (their likes, comments and replies go).
  const likedPosts = db.all<SelectAsRow<typeof likedPostFields>>(
    sql`select ${selectAs(likedPostFields)} from ${postLikes} where ${postLikes.userId} = ${id}
        union select ${postComments.postId} from ${postComments} where ${postComments.authorId} = ${id}`,
  );
  const likedComments = db.all<SelectAsRow<typeof likedCommentFields>>(
    sql`select ${selectAs(likedCommentFields)} from ${commentLikes} where ${commentLikes.userId} = ${id}
        union select ${postComments.parentCommentId} from ${postComments}
          where ${postComments.authorId} = ${id} and ${postComments.parentCommentId} is not null`,
  );
  const owned = db.select({ id: communities.id }).from(communities).where(eq(communities.creatorId, id));
  const read = await batch(db, [files, communityIds, conversationIds, likedPosts, likedComments, owned]);

  const inList = (rows: { id: string }[]) =>
    rows.length === 0
      ? sql`(null)`
      : sql`(${sql.join(
          rows.map((r) => sql`${r.id}`),
          sql`, `,
        )})`;
  const inPosts = inList(read(likedPosts));
  const inComments = inList(read(likedComments));
  const inCommunities = inList(read(communityIds));
  const inConversations = inList(read(conversationIds));
  // Their conversations' rooms keep the messages and write them to D1 behind them: the person's sockets
  // there close first, and D1 gets everything the rooms took before the purge changes it.
  const rooms = read(conversationIds).map((room) => room.id);
  await Promise.all(rooms.map((room) => disconnectFromConversation(env, room, id)));
  await Promise.all(rooms.map((room) => conversationSettled(env, undefined, room)));
  const inOwned = inList(read(owned));
  // A fresh stand-in for the id inside keys that are not foreign keys (like sources in the points ledger).
  const gone = `deleted-${newId()}`;
  const now = Date.now();

  await batch(db, [
    // Comments nobody else replied to; a reply of theirs under it goes with it (the cascade).
    db.run(
      sql`delete from ${postComments} where ${postComments.authorId} = ${id} and not exists (
            select 1 from ${tableAs(reply)} where ${reply.parentCommentId} = ${postComments.id}
              and (${reply.authorId} is null or ${reply.authorId} <> ${id}))`,
    ),
    // Posts nobody else commented on.
    db.run(
      sql`delete from ${posts} where ${posts.authorId} = ${id} and not exists (
            select 1 from ${tableAs(reply)} where ${reply.postId} = ${posts.id} and (${reply.authorId} is null or ${reply.authorId} <> ${id}))`,
    ),
    // Messages nobody replied to lose their words and files; the conversation keeps their place in it.
    db
      .update(messages)
      .set({ content: "", fileUrl: null, isDeleted: true, updatedAt: now })
      .where(
        and(
          eq(messages.senderId, id),
          sql`not exists (select 1 from ${tableAs(replyMessage)} where ${replyMessage.replyToId} = ${messages.id})`,
        ),
      ),
    // Templates, not builder updates: a conversation's updated_at stays as it is.
    db.run(
      sql`update ${conversations} set ${bare(conversations.lastMessageSenderId)} = null,
            ${bare(conversations.lastMessagePreview)} = case when exists (select 1 from ${tableAs(lastMessage)}
                where ${lastMessage.id} = ${conversations.lastMessageId} and ${lastMessage.isDeleted} = 1)
              then null else ${conversations.lastMessagePreview} end
          where ${conversations.lastMessageSenderId} = ${id}`,
    ),
    db.run(
      sql`update ${conversations} set ${bare(conversations.directKey)} = null where instr(${conversations.directKey}, ${id}) > 0`,
    ),
    db.run(
      sql`update ${pointEvents} set ${bare(pointEvents.sourceId)} = replace(${pointEvents.sourceId}, ${id}, ${gone})
          where instr(${pointEvents.sourceId}, ${id}) > 0`,
    ),
    db.delete(mailOutbox).where(eq(mailOutbox.to, email)),
    // Mail not yet sent to others about what this person did quotes their words: it goes too.
    db.delete(notificationMailQueue).where(or(eq(notificationMailQueue.senderId, id), eq(notificationMailQueue.recipientId, id))),
    db.delete(rateLimits).where(sql`instr(${rateLimits.key}, ${id}) > 0 or instr(${rateLimits.key}, ${email}) > 0`),
    db
      .delete(verifications)
      .where(
        sql`${verifications.value} = ${id} or instr(${verifications.identifier}, ${email}) > 0 or instr(${verifications.value}, ${email}) > 0`,
      ),
    // A creator plan was theirs to pay, and its subscription goes with the account: a community they own
    // is back on Free (its members stay; joins past the Free limit wait for a plan its new owner buys).
    db.run(
      sql`update ${communities} set ${planColumns("free")}, ${bare(communities.updatedAt)} = ${now}
          where ${communities.creatorId} = ${id} and ${communities.subscriptionPlan} <> 'free'`,
    ),
    // Communities they own go on without them: see `successor`. One nobody is left in is archived.
    db
      .update(communities)
      .set({ archived: true, updatedAt: now })
      .where(and(eq(communities.creatorId, id), sql`${successor(id, now)} is null`)),
    db
      .update(communities)
      .set({ creatorId: successor(id, now), updatedAt: now })
      .where(eq(communities.creatorId, id)),
    db.run(
      sql`update ${communityMembers} set ${bare(communityMembers.role)} = 'admin'
          where ${communityMembers.communityId} in ${inOwned}
            and ${communityMembers.profileId} = (select ${c.creatorId} from ${tableAs(c)} where ${c.id} = ${communityMembers.communityId})`,
    ),
    ...deliver(db, {
      now,
      columns: {
        recipient_id: sql`${c.creatorId}`,
        community_id: sql`${c.id}`,
        type: "SYSTEM_ANNOUNCEMENT",
        data: JSON.stringify({ kind: "ownership" }),
      },
      from: sql`from ${tableAs(c)} where ${c.id} in ${inOwned} and ${c.creatorId} is not null`,
    }),
    // The account itself: sessions, memberships, likes, reactions, cards, tickets ... cascade; authors become null.
    db.delete(users).where(eq(users.id, id)),
    // Templates, not builder updates: a recount must leave updated_at alone.
    db.run(
      sql`update ${posts} set
            ${bare(posts.likesCount)} = (select count(*) from ${postLikes} where ${postLikes.postId} = ${posts.id}),
            ${bare(posts.commentsCount)} = (select count(*) from ${tableAs(reply)} where ${reply.postId} = ${posts.id})
          where ${posts.id} in ${inPosts}`,
    ),
    db.run(
      sql`update ${postComments} set
            ${bare(postComments.likesCount)} = (select count(*) from ${commentLikes} where ${commentLikes.commentId} = ${postComments.id}),
            ${bare(postComments.repliesCount)} = (select count(*) from ${tableAs(reply)} where ${reply.parentCommentId} = ${postComments.id})
          where ${postComments.id} in ${inComments}`,
    ),
    db.run(
      sql`update ${communities} set
            ${bare(communities.membersCount)} = (select count(*) from ${tableAs(m)} where ${m.communityId} = ${communities.id}),
            ${bare(communities.postsCount)} = (select count(*) from ${tableAs(p)} where ${p.communityId} = ${communities.id})
          where ${communities.id} in ${inCommunities}`,
    ),
    db.run(
      sql`update ${conversations} set
            ${bare(conversations.memberCount)} = (select count(*) from ${conversationParticipants}
              where ${conversationParticipants.conversationId} = ${conversations.id})
          where ${conversations.id} in ${inConversations}`,
    ),
  ]);

  // Files last, once it is known what stays: a community's images, a kept post's or message's files
  // are still shown, so they stay; everything else of theirs goes.
  const urls = read(files).map((f) => `/files/${f.r2Key}`);
  const shown = new Set((await stillShown(db, urls, inCommunities, inConversations)).map((r) => r.url));
  const keys = read(files)
    .filter((f) => !shown.has(`/files/${f.r2Key}`))
    .map((f) => f.r2Key);
  for (let i = 0; i < keys.length; i += 1000) await env.FILES.delete(keys.slice(i, i + 1000));

  await Promise.all([
    disconnectUserRoom(env, id),
    ...read(communityIds).map((room) => disconnectFromCommunity(env, room.id, id)),
    // The rooms read the messages in again as the purge left them.
    reloadConversations(env, rooms),
  ]);
}
