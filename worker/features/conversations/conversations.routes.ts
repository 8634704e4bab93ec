import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { conversations } from "../../../common/contract/conversations";
import { CONVERSATION_PARTICIPANTS_MAX, NEW_CHAT_MEMBERS_MAX, NEW_CHAT_OTHERS_MAX } from "../../../common/contract/limits";
import { newId } from "../../../common/ids";
import {
  conversationParticipants as seats,
  conversations as cv,
  communityMembers,
  directKey,
  notifications,
  users,
} from "../../lib/tables";
import { blockedBetween, memberCommunityIds } from "../../lib/access";
import { batch, type Db } from "../../lib/db";
import { AppError, forbidden, notFound, unauthenticated } from "../../lib/errors";
import { assertUnderLimit, hitStatement, rateLimitRules } from "../../lib/rate-limit";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { disconnectFromConversation, disconnectConversation } from "../../lib/rooms";
import { requireUser, sessionStatement, sessionToken, sessionUserFrom, sessionUserId } from "../../lib/session";
import { bare, bareList, tableAs } from "../../lib/sql-names";
import { peopleNamed } from "../../lib/full-text";
import { asParticipant, assertNotArchived, conversationFor, type ConversationContext } from "./conversation.access";
import { listConversationSummaries, unreadMessagesCount } from "./conversations.queries";
import { currentVersion } from "../../lib/message-writes";

/** A person as the chat screens show them. */
const person = { id: users.id, fullName: users.fullName, avatarUrl: users.avatarUrl };

/** The first participants, in the order they joined, with their read marks. */
const participantsOf = (db: Db, conversationId: string) =>
  db
    .select({ ...person, lastReadSeq: seats.lastReadSeq })
    .from(seats)
    .innerJoin(users, eq(users.id, seats.userId))
    .where(eq(seats.conversationId, conversationId))
    .orderBy(seats.joinedAt, users.id)
    .limit(CONVERSATION_PARTICIPANTS_MAX);

/** The member count recounted from the seats (a template: the builder's update would also stamp updated_at). */
const recountMembers = (db: Db, conversationId: string) =>
  db.run(
    sql`update ${cv} set ${bare(cv.memberCount)} = (select count(*) from ${seats} where ${seats.conversationId} = ${conversationId})
      where ${cv.id} = ${conversationId}`,
  );

/** The conversation as its screen shows it, from the access facts and its participants. */
function detail(context: ConversationContext, participants: Awaited<ReturnType<typeof participantsOf>>) {
  const { conversation } = context;
  const other = participants.find((p) => p.id === conversation.otherUserId);
  return {
    id: conversation.id,
    type: conversation.type,
    title: conversation.type === "group" ? conversation.name : (other?.fullName ?? null),
    description: conversation.description,
    avatarUrl: conversation.type === "direct" ? (other?.avatarUrl ?? null) : null,
    communityId: conversation.communityId,
    memberCount: conversation.memberCount,
    version: conversation.version,
    participants,
    otherUserId: conversation.otherUserId,
    canWrite: context.participant !== null && !context.blocked && !context.community?.community?.archived,
    canManage: context.canManage,
  };
}

/** A group the caller's community owns, for owner and admins only; a direct chat is not theirs to manage. */
function assertManages(context: ConversationContext) {
  if (context.conversation.type !== "group") throw new AppError("BAD_REQUEST", "Only group chats can be changed.");
  if (!context.canManage) throw forbidden("Only the community's owner and admins can manage its group chats.");
  assertNotArchived(context);
}

const mine = alias(communityMembers, "mine");
const theirs = alias(communityMembers, "theirs");

/**
 * The sender (an SQL user id) when starting a chat with `userId` is a first contact with a stranger:
 * no direct chat between the two yet and no community in common; null otherwise, which counts nothing.
 */
function firstContact(me: SQL, userId: string): SQL {
  const key = sql`(case when ${me} < ${userId} then ${me} || ':' || ${userId} else ${userId} || ':' || ${me} end)`;
  return sql`(select ${me} where ${me} <> ${userId}
    and not exists (select 1 from ${cv} where ${cv.directKey} = ${key})
    and not exists (select 1 from ${tableAs(mine)} join ${tableAs(theirs)} on ${theirs.communityId} = ${mine.communityId}
      and ${theirs.profileId} = ${userId} where ${mine.profileId} = ${me}))`;
}

/** /api/conversations… */
export const conversationsRoutes = [
  route(conversations.list, async (c) => {
    const user = await requireUser(c);
    return respond(c, conversations.list, {
      items: await listConversationSummaries(c.var.db, user.id, c.req.valid("query").limit),
    });
  }),
  route(conversations.unreadCount, async (c) => {
    const user = await requireUser(c);
    return respond(c, conversations.unreadCount, { count: await unreadMessagesCount(c.var.db, user.id) });
  }),
  route(conversations.people, async (c) => {
    // One round trip: the session, the community's members (only when the caller is one) and everyone
    // else. Nobody on either side of a block is offered (DESIGN.md "Blocks").
    const db = c.var.db;
    const token = await sessionToken(c);
    const { communityId, q } = c.req.valid("query");
    const me = sessionUserId(token);
    const named = peopleNamed(q);
    const m = communityMembers;
    const offered: SQL[] = [ne(users.id, me), sql`not ${blockedBetween(me, users.id)}`];
    if (named) offered.push(sql`${users.id} in ${named}`);
    const byName = [sql`${users.fullName} collate nocase`, users.id];
    const session = sessionStatement(db, token);
    const members = communityId
      ? db
          .select(person)
          .from(m)
          .innerJoin(users, eq(users.id, m.profileId))
          .where(and(eq(m.communityId, communityId), ...offered, sql`${communityId} in (${memberCommunityIds(me)})`))
          .orderBy(...byName)
          .limit(NEW_CHAT_MEMBERS_MAX)
      : null;
    const notInCommunity = communityId
      ? sql`not exists (select 1 from ${m} where ${m.communityId} = ${communityId} and ${m.profileId} = ${users.id})`
      : undefined;
    const others = db
      .select(person)
      .from(users)
      .where(and(...offered, notInCommunity))
      .orderBy(...byName)
      .limit(NEW_CHAT_OTHERS_MAX);
    const read = await batch(db, [session, others, ...(members ? [members] : [])]);
    if (!sessionUserFrom(c, read(session))) throw unauthenticated();
    return respond(c, conversations.people, {
      members: members ? read(members) : [],
      others: read(others),
    });
  }),
  route(conversations.startDirect, async (c) => {
    // Two round trips: the session, the person and a block between the two; then the conversation
    // (created once per pair: the unique direct_key makes a race create one) and its id.
    const db = c.var.db;
    const token = await sessionToken(c);
    const { userId } = c.req.valid("json");
    const me = sessionUserId(token);
    const session = sessionStatement(db, token);
    const other = db
      .select({ id: users.id, blocked: sql<0 | 1>`${blockedBetween(me, users.id)}` })
      .from(users)
      .where(eq(users.id, userId));
    const contact = hitStatement(db, rateLimitRules.firstContacts, firstContact(me, userId));
    const checks = await batch(db, [session, other, contact]);
    const user = sessionUserFrom(c, checks(session));
    if (!user) throw unauthenticated();
    const found = checks(other)[0];
    if (!found) throw notFound("User not found.");
    if (found.id === user.id) throw new AppError("BAD_REQUEST", "You can't start a chat with yourself.");
    if (found.blocked === 1) throw forbidden("You can't message this person.");
    assertUnderLimit(rateLimitRules.firstContacts, checks(contact));
    const key = directKey(user.id, found.id);
    const now = Date.now();
    const seat = (who: string) =>
      db.run(
        sql`insert into ${seats} (${bareList(seats.conversationId, seats.userId, seats.role, seats.joinedAt, seats.lastReadSeq)})
          select ${cv.id}, ${who}, 'member', ${now}, 0 from ${cv} where ${cv.directKey} = ${key} on conflict do nothing`,
      );
    const id = db.select({ id: cv.id }).from(cv).where(eq(cv.directKey, key));
    const read = await batch(db, [
      db
        .insert(cv)
        .values({
          id: newId(now),
          type: "direct",
          directKey: key,
          memberCount: 2,
          createdBy: user.id,
          version: 0,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: cv.directKey }),
      seat(user.id),
      seat(found.id),
      id,
    ]);
    return respond(c, conversations.startDirect, { conversation: { id: read(id)[0]!.id } });
  }),
  route(conversations.get, async (c) => {
    // One round trip: access and the participants with their read marks.
    const db = c.var.db;
    const token = await sessionToken(c);
    const { conversationId } = c.req.valid("param");
    const target = conversationFor(db, token, conversationId);
    const participants = participantsOf(db, conversationId);
    const [row, people] = await db.batch([target.query, participants]);
    const context = target.read(c, row);
    return respond(c, conversations.get, { conversation: detail(context, people) });
  }),
  route(conversations.editGroup, async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const { conversationId } = c.req.valid("param");
    const body = c.req.valid("json");
    const target = conversationFor(db, token, conversationId);
    const context = target.read(c, await target.query);
    assertManages(context);
    const now = Date.now();
    const participants = participantsOf(db, conversationId);
    const read = await batch(db, [
      db
        .update(cv)
        .set({
          name: sql`coalesce(${body.name ?? null}, ${cv.name})`,
          // Left out (undefined), the description stays as it is.
          description: body.description,
          updatedAt: now,
        })
        .where(eq(cv.id, conversationId)),
      participants,
    ]);
    const changed = {
      ...context,
      conversation: {
        ...context.conversation,
        name: body.name ?? context.conversation.name,
        description: body.description === undefined ? context.conversation.description : body.description,
      },
    };
    return respond(c, conversations.editGroup, { conversation: detail(changed, read(participants)) });
  }),
  route(conversations.removeGroup, async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const { conversationId } = c.req.valid("param");
    const target = conversationFor(db, token, conversationId);
    const context = target.read(c, await target.query);
    assertManages(context);
    // Messages, seats and reactions go with it (foreign keys cascade); its open sockets are closed.
    await batch(db, [
      db.delete(notifications).where(and(eq(notifications.type, "MESSAGE"), eq(notifications.conversationId, conversationId))),
      db.delete(cv).where(eq(cv.id, conversationId)),
    ]);
    c.executionCtx.waitUntil(disconnectConversation(c.env, conversationId));
    return respond(c, conversations.removeGroup, { ok: true });
  }),
  route(conversations.joinGroup, async (c) => {
    // Two round trips: access (a member of the group's community), then the seat (read up to now: the
    // history is there to scroll, not to count as unread) and the recount.
    const db = c.var.db;
    const token = await sessionToken(c);
    const { conversationId } = c.req.valid("param");
    const target = conversationFor(db, token, conversationId);
    const context = target.read(c, await target.query);
    if (context.conversation.type !== "group") throw new AppError("BAD_REQUEST", "Only group chats can be joined.");
    if (context.community?.community?.archived) throw new AppError("READ_ONLY", "This community is archived and read-only.");
    if (!context.participant) {
      const now = Date.now();
      await batch(db, [
        db
          .insert(seats)
          .values({
            conversationId,
            userId: context.user.id,
            role: "member",
            joinedAt: now,
            lastReadAt: now,
            lastReadSeq: currentVersion(conversationId),
          })
          .onConflictDoNothing(),
        recountMembers(db, conversationId),
      ]);
    }
    return respond(c, conversations.joinGroup, { conversation: { id: conversationId } });
  }),
  route(conversations.leaveGroup, async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const { conversationId } = c.req.valid("param");
    const target = conversationFor(db, token, conversationId);
    const context = asParticipant(target.read(c, await target.query));
    if (context.conversation.type !== "group") throw new AppError("BAD_REQUEST", "You can't leave a direct chat.");
    await batch(db, [
      db.delete(seats).where(and(eq(seats.conversationId, conversationId), eq(seats.userId, context.user.id))),
      recountMembers(db, conversationId),
      db
        .update(notifications)
        .set({ isRead: true })
        .where(
          and(
            eq(notifications.recipientId, context.user.id),
            eq(notifications.type, "MESSAGE"),
            eq(notifications.conversationId, conversationId),
          ),
        ),
    ]);
    // The room refuses them from now on: the upgrade checks the seat, and the open sockets close.
    c.executionCtx.waitUntil(disconnectFromConversation(c.env, conversationId, context.user.id));
    return respond(c, conversations.leaveGroup, { ok: true });
  }),
];
