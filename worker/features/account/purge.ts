import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { newId } from "../../../common/ids";
import type { AppEnv } from "../../env";
import { batch, type Db } from "../../lib/db";
import { disconnectFromCommunity, disconnectFromConversation, disconnectUserRoom } from "../../lib/rooms";
import { userRoomsStatements } from "../../lib/user-rooms";
import { deliver } from "../../lib/notification-delivery";
import { planColumns } from "../../lib/community-plan";
import { bare, tableAs } from "../../lib/sql-names";
import { commentLikes, postComments, postLikes, posts as postsTable } from "../../lib/tables";

/** Another comment, seen from a statement over `post_comments` (its replies, or a post's comments). */
const reply = alias(postComments, "r");

/** Accounts purged per cron run; the rest wait for the next run, a quarter of an hour later. */
const PURGE_BATCH = 20;

type Due = { id: string; email: string };

/** The cron's part of account deletion: every account whose scheduled date has passed is purged. */
export async function purgeDueAccounts(env: AppEnv, db: Db, now = Date.now()) {
  const due = await db.all<Due>(
    sql`select id, email from users where deletion_scheduled_at is not null and deletion_scheduled_at <= ${now}
        order by deletion_scheduled_at limit ${PURGE_BATCH}`,
  );
  for (const account of due) await purgeAccount(env, db, account);
  return { purged: due.length };
}

/**
 * Who takes over a community whose owner's account is purged: the longest-standing admin, else
 * moderator, else member (members whose paid access is current first), so that the people who already
 * run it keep running it. The purged person's own membership is not a candidate. Null when nobody is left.
 */
const successor = (ownerId: string, now: number) =>
  sql`(select m.profile_id from community_members m where m.community_id = communities.id and m.profile_id <> ${ownerId}
       order by case m.role when 'admin' then 0 when 'moderator' then 1 else 2 end,
         case when m.access_until is null or m.access_until > ${now} then 0 else 1 end, m.joined_at, m.profile_id
       limit 1)`;

/**
 * Which of `urls` (the purged person's files) content that stays still shows: images of the
 * communities they were in and of their courses and events, images of their posts others answered,
 * files of their messages others replied to. Their own kept content no longer has an author.
 */
const stillShown = (db: Db, urls: string[], communities: SQL, conversations: SQL) =>
  urls.length === 0
    ? Promise.resolve([])
    : db.all<{ url: string }>(
        sql`with mine(url) as (select value from json_each(${JSON.stringify(urls)}))
            select url from mine where
              exists (select 1 from communities c, json_each(c.image_urls) j where c.id in ${communities} and j.value = mine.url)
              or exists (select 1 from posts p, json_each(p.image_urls) j
                where p.author_id is null and p.community_id in ${communities} and j.value = mine.url)
              or exists (select 1 from classroom_courses k where k.community_id in ${communities} and k.image_url = mine.url)
              or exists (select 1 from community_events e where e.community_id in ${communities} and e.image_url = mine.url)
              or exists (select 1 from messages g where g.conversation_id in ${conversations} and g.sender_id is null
                and g.file_url = mine.url)`,
      );

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
  const files = db.all<{ r2_key: string }>(sql`select r2_key from uploads where owner_id = ${id}`);
  const { communities: communityIds, conversations: conversationIds } = userRoomsStatements(db, id);
  // Posts and comments whose counters the purge changes (their likes, comments and replies go).
  const likedPosts = db.all<{ id: string }>(
    sql`select post_id as id from post_likes where user_id = ${id}
        union select post_id from post_comments where author_id = ${id}`,
  );
  const likedComments = db.all<{ id: string }>(
    sql`select comment_id as id from comment_likes where user_id = ${id}
        union select parent_comment_id from post_comments where author_id = ${id} and parent_comment_id is not null`,
  );
  const owned = db.all<{ id: string }>(sql`select id from communities where creator_id = ${id}`);
  const read = await batch(db, [files, communityIds, conversationIds, likedPosts, likedComments, owned]);

  const inList = (rows: { id: string }[]) =>
    rows.length === 0
      ? sql`(null)`
      : sql`(${sql.join(
          rows.map((r) => sql`${r.id}`),
          sql`, `,
        )})`;
  const posts = inList(read(likedPosts));
  const comments = inList(read(likedComments));
  const communities = inList(read(communityIds));
  const conversations = inList(read(conversationIds));
  // A fresh stand-in for the id inside keys that are not foreign keys (like sources in the points ledger).
  const gone = `deleted-${newId()}`;
  const now = Date.now();

  await batch(db, [
    // Comments nobody else replied to; a reply of theirs under it goes with it (the cascade).
    db.run(
      sql`delete from post_comments where author_id = ${id} and not exists (
            select 1 from post_comments r where r.parent_comment_id = post_comments.id and (r.author_id is null or r.author_id <> ${id}))`,
    ),
    // Posts nobody else commented on.
    db.run(
      sql`delete from posts where author_id = ${id} and not exists (
            select 1 from post_comments r where r.post_id = posts.id and (r.author_id is null or r.author_id <> ${id}))`,
    ),
    // Messages nobody replied to lose their words and files; the conversation keeps their place in it.
    db.run(
      sql`update messages set content = '', file_url = null, is_deleted = 1, updated_at = ${now}
          where sender_id = ${id} and not exists (select 1 from messages r where r.reply_to_id = messages.id)`,
    ),
    db.run(
      sql`update conversations set last_message_sender_id = null,
            last_message_preview = case when exists (select 1 from messages m where m.id = conversations.last_message_id and m.is_deleted = 1)
              then null else last_message_preview end
          where last_message_sender_id = ${id}`,
    ),
    db.run(sql`update conversations set direct_key = null where instr(direct_key, ${id}) > 0`),
    db.run(sql`update point_events set source_id = replace(source_id, ${id}, ${gone}) where instr(source_id, ${id}) > 0`),
    db.run(sql`delete from mail_outbox where "to" = ${email}`),
    // Mail not yet sent to others about what this person did quotes their words: it goes too.
    db.run(sql`delete from notification_mail_queue where sender_id = ${id} or recipient_id = ${id}`),
    db.run(sql`delete from rate_limits where instr(key, ${id}) > 0 or instr(key, ${email}) > 0`),
    db.run(sql`delete from verifications where value = ${id} or instr(identifier, ${email}) > 0 or instr(value, ${email}) > 0`),
    // A creator plan was theirs to pay, and its subscription goes with the account: a community they own
    // is back on Free (its members stay; joins past the Free limit wait for a plan its new owner buys).
    db.run(
      sql`update communities set ${planColumns("free")}, updated_at = ${now} where creator_id = ${id} and subscription_plan <> 'free'`,
    ),
    // Communities they own go on without them: see `successor`. One nobody is left in is archived.
    db.run(
      sql`update communities set archived = 1, updated_at = ${now} where creator_id = ${id} and ${successor(id, now)} is null`,
    ),
    db.run(sql`update communities set creator_id = ${successor(id, now)}, updated_at = ${now} where creator_id = ${id}`),
    db.run(
      sql`update community_members set role = 'admin'
          where community_id in ${inList(read(owned))}
            and profile_id = (select c.creator_id from communities c where c.id = community_members.community_id)`,
    ),
    ...deliver(db, {
      now,
      columns: {
        recipient_id: sql`c.creator_id`,
        community_id: sql`c.id`,
        type: "SYSTEM_ANNOUNCEMENT",
        data: JSON.stringify({ kind: "ownership" }),
      },
      from: sql`from communities c where c.id in ${inList(read(owned))} and c.creator_id is not null`,
    }),
    // The account itself: sessions, memberships, likes, reactions, cards, tickets ... cascade; authors become null.
    db.run(sql`delete from users where id = ${id}`),
    // Templates, not builder updates: a recount must leave updated_at alone.
    db.run(
      sql`update ${postsTable} set
            ${bare(postsTable.likesCount)} = (select count(*) from ${postLikes} where ${postLikes.postId} = ${postsTable.id}),
            ${bare(postsTable.commentsCount)} = (select count(*) from ${tableAs(reply)} where ${reply.postId} = ${postsTable.id})
          where ${postsTable.id} in ${posts}`,
    ),
    db.run(
      sql`update ${postComments} set
            ${bare(postComments.likesCount)} = (select count(*) from ${commentLikes} where ${commentLikes.commentId} = ${postComments.id}),
            ${bare(postComments.repliesCount)} = (select count(*) from ${tableAs(reply)} where ${reply.parentCommentId} = ${postComments.id})
          where ${postComments.id} in ${comments}`,
    ),
    db.run(
      sql`update communities set members_count = (select count(*) from community_members m where m.community_id = communities.id),
            posts_count = (select count(*) from posts p where p.community_id = communities.id)
          where id in ${communities}`,
    ),
    db.run(
      sql`update conversations set member_count = (select count(*) from conversation_participants p where p.conversation_id = conversations.id)
          where id in ${conversations}`,
    ),
  ]);

  // Files last, once it is known what stays: a community's images, a kept post's or message's files
  // are still shown, so they stay; everything else of theirs goes.
  const urls = read(files).map((f) => `/files/${f.r2_key}`);
  const shown = new Set((await stillShown(db, urls, communities, conversations)).map((r) => r.url));
  const keys = read(files)
    .filter((f) => !shown.has(`/files/${f.r2_key}`))
    .map((f) => f.r2_key);
  for (let i = 0; i < keys.length; i += 1000) await env.FILES.delete(keys.slice(i, i + 1000));

  await Promise.all([
    disconnectUserRoom(env, id),
    ...read(communityIds).map((c) => disconnectFromCommunity(env, c.id, id)),
    ...read(conversationIds).map((c) => disconnectFromConversation(env, c.id, id)),
  ]);
}
