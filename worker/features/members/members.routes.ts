import { levelForPoints } from "../../../common/levels";
import { members } from "../../../common/contract/members";
import { memberOf } from "../../lib/access";
import { batch } from "../../lib/db";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { getCommunityPresence } from "../../lib/rooms";
import { sessionToken } from "../../lib/session";
import { levelNamesQuery, toLevelNames } from "../../lib/level-names";
import { decodeMembersCursor, membersCursor, membersPage } from "./members.queries";

/**
 * /api/communities/:id/members: a page of members with role, level, join date, points and whether
 * they are online, for members only. One D1 round trip (access, page and level names together);
 * who is online comes from the community's room alongside it.
 */
export const membersRoutes = [
  route(members.list, async (c) => {
    const db = c.var.db;
    const communityId = c.req.valid("param").id;
    const { q, sort, online, cursor, limit } = c.req.valid("query");
    const after = cursor ? decodeMembersCursor(cursor, sort) : null;
    const token = await sessionToken(c);
    const presence = getCommunityPresence(c.env, communityId);
    // The online filter needs the room's answer first; otherwise the room and D1 are asked at once.
    const onlyIds = online ? (await presence).online : null;
    const member = memberOf(db, token, communityId);
    const page = membersPage(db, { communityId, token, q, sort, after, onlyIds, limit });
    const names = levelNamesQuery(db, communityId);
    // The page rides with the access check and is only answered once access holds.
    const [read, { online: onlineIds }] = await Promise.all([
      batch(db, [member.query, names, ...(page ? [page] : [])]),
      presence,
    ]);
    member.read(c, read(member.query));
    const rows = page ? read(page) : [];
    const shown = rows.slice(0, limit);
    const onlineNow = new Set(onlineIds);
    return respond(c, members.list, {
      items: shown.map((r) => ({
        id: r.id,
        fullName: r.full_name,
        avatarUrl: r.avatar_url,
        profession: r.profession,
        role: r.role,
        isOwner: r.id === r.creator_id,
        joinedAt: r.joined_at,
        points: r.points,
        level: levelForPoints(r.points),
        online: onlineNow.has(r.id),
      })),
      nextCursor: rows.length > limit ? membersCursor(shown.at(-1)!, sort) : null,
      levelNames: toLevelNames(read(names)),
    });
  }),
];
