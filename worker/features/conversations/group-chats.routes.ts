import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { communityParams, conversations, groupBody } from "../../../common/contract/conversations";
import { GROUP_CHATS_MAX } from "../../../common/contract/limits";
import { newId } from "../../../common/ids";
import type { HonoEnv } from "../../env";
import { assertWritable, memberOf } from "../../lib/access";
import { batch } from "../../lib/db";
import { forbidden } from "../../lib/errors";
import { canManage } from "../../lib/permissions";
import { respond } from "../../lib/respond";
import { sessionToken, sessionUserId } from "../../lib/session";
import { validate } from "../../lib/validation";

/** /api/communities/:communityId/group-chats: a community's group chats, for its members (spec 001: the members page). */
export const groupChatsRoutes = new Hono<HonoEnv>()
  .get("/", validate("param", communityParams), async (c) => {
    // One round trip: membership and the groups, most recently active first, each with whether the caller joined.
    const db = c.var.db;
    const token = await sessionToken(c);
    const { communityId } = c.req.valid("param");
    const target = memberOf(db, token, communityId);
    const groups = db.all<{
      id: string;
      name: string | null;
      description: string | null;
      member_count: number;
      last_message_at: number | null;
      joined: number;
    }>(
      sql`select cv.id, cv.name, cv.description, cv.member_count, cv.last_message_at,
          exists (select 1 from conversation_participants p where p.conversation_id = cv.id and p.user_id = ${sessionUserId(token)}) as joined
        from conversations cv where cv.community_id = ${communityId} and cv.type = 'group'
        order by coalesce(cv.last_message_at, cv.created_at) desc, cv.id desc limit ${GROUP_CHATS_MAX}`,
    );
    const [row, rows] = await db.batch([target.query, groups]);
    target.read(c, row);
    return respond(c, conversations.groupChats, {
      items: rows.map((r) => ({
        id: r.id,
        name: r.name ?? "",
        description: r.description,
        memberCount: r.member_count,
        lastMessageAt: r.last_message_at,
        joined: r.joined === 1,
      })),
    });
  })
  .post("/", validate("param", communityParams), validate("json", groupBody), async (c) => {
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
      db.run(
        sql`insert into conversations (id, type, name, description, community_id, member_count, created_by, version, created_at, updated_at)
          values (${id}, 'group', ${body.name}, ${body.description}, ${communityId}, 1, ${access.user.id}, 0, ${now}, ${now})`,
      ),
      db.run(
        sql`insert into conversation_participants (conversation_id, user_id, role, joined_at, last_read_at, last_read_seq)
          values (${id}, ${access.user.id}, 'admin', ${now}, ${now}, 0)`,
      ),
    ]);
    return respond(c, conversations.createGroup, { conversation: { id } });
  });
