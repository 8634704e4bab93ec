import { sql } from "drizzle-orm";
import { Hono } from "hono";
import {
  conversationParams,
  conversations,
  conversationsQuery,
  directBody,
  editGroupBody,
  peopleQuery,
} from "../../../common/contract/conversations";
import { CONVERSATION_PARTICIPANTS_MAX, NEW_CHAT_MEMBERS_MAX, NEW_CHAT_OTHERS_MAX } from "../../../common/contract/limits";
import { newId } from "../../../common/ids";
import { directKey } from "../../lib/tables";
import type { HonoEnv } from "../../env";
import { blockedBetween, memberCommunityIds } from "../../lib/access";
import { batch, type Db } from "../../lib/db";
import { AppError, forbidden, notFound, unauthenticated } from "../../lib/errors";
import { respond } from "../../lib/respond";
import { disconnectFromConversation, disconnectConversation } from "../../lib/rooms";
import { requireUser, sessionColumns, sessionFrom, sessionToken, sessionUserFrom, sessionUserId } from "../../lib/session";
import { peopleNamed } from "../../lib/full-text";
import { validate } from "../../lib/validation";
import { asParticipant, conversationFor, type ConversationContext } from "./conversation-access";
import { listConversationSummaries, unreadMessagesCount } from "./conversations.queries";
import { currentVersion } from "./message-writes";

type PersonRow = { id: string; full_name: string; avatar_url: string | null };
const toPerson = (r: PersonRow) => ({ id: r.id, fullName: r.full_name, avatarUrl: r.avatar_url });

/** The first participants, in the order they joined, with their read marks. */
const participantsOf = (db: Db, conversationId: string) =>
  db.all<PersonRow & { last_read_seq: number }>(
    sql`select u.id, u.full_name, u.avatar_url, p.last_read_seq from conversation_participants p join users u on u.id = p.user_id
      where p.conversation_id = ${conversationId} order by p.joined_at, u.id limit ${CONVERSATION_PARTICIPANTS_MAX}`,
  );

/** The conversation as its screen shows it, from the access facts and its participants. */
function detail(context: ConversationContext, participants: (PersonRow & { last_read_seq: number })[]) {
  const { conversation } = context;
  const other = participants.find((p) => p.id === conversation.otherUserId);
  return {
    id: conversation.id,
    type: conversation.type,
    title: conversation.type === "group" ? conversation.name : (other?.full_name ?? null),
    description: conversation.description,
    avatarUrl: conversation.type === "direct" ? (other?.avatar_url ?? null) : null,
    communityId: conversation.communityId,
    memberCount: conversation.memberCount,
    version: conversation.version,
    participants: participants.map((p) => ({ ...toPerson(p), lastReadSeq: p.last_read_seq })),
    otherUserId: conversation.otherUserId,
    canWrite: context.participant !== null && !context.blocked && !context.community?.community?.archived,
    canManage: context.canManage,
  };
}

/** A group the caller's community owns, for owner and admins only; a direct chat is not theirs to manage. */
function assertManages(context: ConversationContext) {
  if (context.conversation.type !== "group") throw new AppError("BAD_REQUEST", "Only group chats can be changed.");
  if (!context.canManage) throw forbidden("Only the community's owner and admins can manage its group chats.");
}

/** /api/conversations… */
export const conversationsRoutes = new Hono<HonoEnv>()
  .get("/", validate("query", conversationsQuery), async (c) => {
    const user = await requireUser(c);
    return respond(c, conversations.list, {
      items: await listConversationSummaries(c.var.db, user.id, c.req.valid("query").limit),
    });
  })
  .get("/unread-count", async (c) => {
    const user = await requireUser(c);
    return respond(c, conversations.unreadCount, { count: await unreadMessagesCount(c.var.db, user.id) });
  })
  .get("/people", validate("query", peopleQuery), async (c) => {
    // One round trip: the session, the community's members (only when the caller is one) and everyone
    // else. Nobody on either side of a block is offered (DESIGN.md "Blocks").
    const db = c.var.db;
    const token = await sessionToken(c);
    const { communityId, q } = c.req.valid("query");
    const me = sessionUserId(token);
    const named = peopleNamed(q);
    const offered = sql`u.id <> ${me} and not ${blockedBetween(me, sql.raw("u.id"))}${named ? sql` and u.id in ${named}` : sql``}`;
    const session = db.get<Parameters<typeof sessionUserFrom>[1]>(
      sql`select ${sessionColumns} from ${sessionFrom(token, { required: true })}`,
    );
    const members = communityId
      ? db.all<PersonRow>(
          sql`select u.id, u.full_name, u.avatar_url from community_members m join users u on u.id = m.profile_id
            where m.community_id = ${communityId} and ${offered}
              and ${communityId} in (${memberCommunityIds(me)})
            order by u.full_name collate nocase, u.id limit ${NEW_CHAT_MEMBERS_MAX}`,
        )
      : null;
    const others = db.all<PersonRow>(
      sql`select u.id, u.full_name, u.avatar_url from users u
        where ${offered}
          ${communityId ? sql`and not exists (select 1 from community_members m where m.community_id = ${communityId} and m.profile_id = u.id)` : sql``}
        order by u.full_name collate nocase, u.id limit ${NEW_CHAT_OTHERS_MAX}`,
    );
    const read = await batch(db, [session, others, ...(members ? [members] : [])]);
    if (!sessionUserFrom(c, read(session))) throw unauthenticated();
    return respond(c, conversations.people, {
      members: members ? read(members).map(toPerson) : [],
      others: read(others).map(toPerson),
    });
  })
  .post("/direct", validate("json", directBody), async (c) => {
    // Two round trips: the session, the person and a block between the two; then the conversation
    // (created once per pair: the unique direct_key makes a race create one) and its id.
    const db = c.var.db;
    const token = await sessionToken(c);
    const { userId } = c.req.valid("json");
    const me = sessionUserId(token);
    const session = db.get<Parameters<typeof sessionUserFrom>[1]>(
      sql`select ${sessionColumns} from ${sessionFrom(token, { required: true })}`,
    );
    const person = db.all<{ id: string; blocked: number }>(
      sql`select u.id, ${blockedBetween(me, sql.raw("u.id"))} as blocked from users u where u.id = ${userId}`,
    );
    const checks = await batch(db, [session, person]);
    const user = sessionUserFrom(c, checks(session));
    if (!user) throw unauthenticated();
    const found = checks(person)[0];
    if (!found) throw notFound("User not found.");
    if (found.id === user.id) throw new AppError("BAD_REQUEST", "You can't start a chat with yourself.");
    if (found.blocked === 1) throw forbidden("You can't message this person.");
    const key = directKey(user.id, found.id);
    const now = Date.now();
    const seat = (who: string) =>
      db.run(
        sql`insert into conversation_participants (conversation_id, user_id, role, joined_at, last_read_seq)
          select id, ${who}, 'member', ${now}, 0 from conversations where direct_key = ${key} on conflict do nothing`,
      );
    const id = db.all<{ id: string }>(sql`select id from conversations where direct_key = ${key}`);
    const read = await batch(db, [
      db.run(
        sql`insert into conversations (id, type, direct_key, member_count, created_by, version, created_at, updated_at)
          values (${newId(now)}, 'direct', ${key}, 2, ${user.id}, 0, ${now}, ${now}) on conflict (direct_key) do nothing`,
      ),
      seat(user.id),
      seat(found.id),
      id,
    ]);
    return respond(c, conversations.startDirect, { conversation: { id: read(id)[0]!.id } });
  })
  .get("/:conversationId", validate("param", conversationParams), async (c) => {
    // One round trip: access and the participants with their read marks.
    const db = c.var.db;
    const token = await sessionToken(c);
    const { conversationId } = c.req.valid("param");
    const target = conversationFor(db, token, conversationId);
    const participants = participantsOf(db, conversationId);
    const [row, people] = await db.batch([target.query, participants]);
    const context = target.read(c, row);
    return respond(c, conversations.get, { conversation: detail(context, people) });
  })
  .patch("/:conversationId", validate("param", conversationParams), validate("json", editGroupBody), async (c) => {
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
      db.run(
        sql`update conversations set name = coalesce(${body.name ?? null}, name),
            description = ${body.description === undefined ? sql`description` : body.description}, updated_at = ${now}
          where id = ${conversationId}`,
      ),
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
  })
  .delete("/:conversationId", validate("param", conversationParams), async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const { conversationId } = c.req.valid("param");
    const target = conversationFor(db, token, conversationId);
    const context = target.read(c, await target.query);
    assertManages(context);
    // Messages, seats and reactions go with it (foreign keys cascade); its open sockets are closed.
    await batch(db, [
      db.run(sql`delete from notifications where type = 'MESSAGE' and conversation_id = ${conversationId}`),
      db.run(sql`delete from conversations where id = ${conversationId}`),
    ]);
    c.executionCtx.waitUntil(disconnectConversation(c.env, conversationId));
    return respond(c, conversations.removeGroup, { ok: true });
  })
  .post("/:conversationId/join", validate("param", conversationParams), async (c) => {
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
        db.run(
          sql`insert into conversation_participants (conversation_id, user_id, role, joined_at, last_read_at, last_read_seq)
            values (${conversationId}, ${context.user.id}, 'member', ${now}, ${now}, ${currentVersion(conversationId)})
            on conflict do nothing`,
        ),
        db.run(
          sql`update conversations set member_count = (select count(*) from conversation_participants where conversation_id = ${conversationId})
            where id = ${conversationId}`,
        ),
      ]);
    }
    return respond(c, conversations.joinGroup, { conversation: { id: conversationId } });
  })
  .post("/:conversationId/leave", validate("param", conversationParams), async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const { conversationId } = c.req.valid("param");
    const target = conversationFor(db, token, conversationId);
    const context = asParticipant(target.read(c, await target.query));
    if (context.conversation.type !== "group") throw new AppError("BAD_REQUEST", "You can't leave a direct chat.");
    await batch(db, [
      db.run(
        sql`delete from conversation_participants where conversation_id = ${conversationId} and user_id = ${context.user.id}`,
      ),
      db.run(
        sql`update conversations set member_count = (select count(*) from conversation_participants where conversation_id = ${conversationId})
          where id = ${conversationId}`,
      ),
      db.run(
        sql`update notifications set is_read = 1 where recipient_id = ${context.user.id} and type = 'MESSAGE'
          and conversation_id = ${conversationId}`,
      ),
    ]);
    // The room refuses them from now on: the upgrade checks the seat, and the open sockets close.
    c.executionCtx.waitUntil(disconnectFromConversation(c.env, conversationId, context.user.id));
    return respond(c, conversations.leaveGroup, { ok: true });
  });
