import { and, desc, eq, sql } from "drizzle-orm";
import { conversations } from "../../../common/contract/conversations";
import { GROUP_CHATS_MAX } from "../../../common/contract/limits";
import { newId } from "../../../common/ids";
import { assertWritable, memberOf } from "../../lib/access";
import { batch } from "../../lib/db";
import { forbidden } from "../../lib/errors";
import { canManage } from "../../lib/permissions";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { sessionToken, sessionUserId } from "../../lib/session";
import { conversationParticipants as seats, conversations as cv } from "../../lib/tables";

/** /api/communities/:communityId/group-chats: a community's group chats, for its members (spec 001: the members page). */
export const groupChatsRoutes = [
  route(conversations.groupChats, async (c) => {
    // One round trip: membership and the groups, most recently active first, each with whether the caller joined.
    const db = c.var.db;
    const token = await sessionToken(c);
    const { communityId } = c.req.valid("param");
    const target = memberOf(db, token, communityId);
    const groups = db
      .select({
        id: cv.id,
        name: cv.name,
        description: cv.description,
        memberCount: cv.memberCount,
        lastMessageAt: cv.lastMessageAt,
        joined:
          sql`exists (select 1 from ${seats} where ${seats.conversationId} = ${cv.id} and ${seats.userId} = ${sessionUserId(token)})`.mapWith(
            Boolean,
          ),
      })
      .from(cv)
      .where(and(eq(cv.communityId, communityId), eq(cv.type, "group")))
      .orderBy(desc(sql`coalesce(${cv.lastMessageAt}, ${cv.createdAt})`), desc(cv.id))
      .limit(GROUP_CHATS_MAX);
    const [row, rows] = await db.batch([target.query, groups]);
    target.read(c, row);
    return respond(c, conversations.groupChats, {
      items: rows.map((r) => ({ ...r, name: r.name ?? "" })),
    });
  }),
  route(conversations.createGroup, async (c) => {
    // Two round trips: membership; then the group with its creator as its first participant.
    const db = c.var.db;
    const token = await sessionToken(c);
    const { communityId } = c.req.valid("param");
    const body = c.req.valid("json");
    const target = memberOf(db, token, communityId);
    const access = target.read(c, await target.query);
    if (!canManage(access.actor, access.community, access.membership)) {
      throw forbidden("Only the community's owner and admins can create group chats.");
    }
    assertWritable(access.community);
    const now = Date.now();
    const id = newId(now);
    await batch(db, [
      db.insert(cv).values({
        id,
        type: "group",
        name: body.name,
        description: body.description,
        communityId,
        memberCount: 1,
        createdBy: access.user.id,
        version: 0,
        createdAt: now,
        updatedAt: now,
      }),
      db
        .insert(seats)
        .values({ conversationId: id, userId: access.user.id, role: "admin", joinedAt: now, lastReadAt: now, lastReadSeq: 0 }),
    ]);
    return respond(c, conversations.createGroup, { conversation: { id } });
  }),
];
