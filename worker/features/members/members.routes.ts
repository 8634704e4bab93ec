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
 * they are online, for members only. One D1 round trip (access, page and level names together), then
 * who is online from the community's room; the online filter reads its page after the room.
 */
export const membersRoutes = [
  route(members.list, async (c) => {
    const db = c.var.db;
    const communityId = c.req.valid("param").id;
    const { q, sort, online, cursor, limit } = c.req.valid("query");
    const after = cursor ? decodeMembersCursor(cursor, sort) : null;
    const token = await sessionToken(c);
    const member = memberOf(db, token, communityId);
    const names = levelNamesQuery(db, communityId);
    // The room is asked only once access holds: an id nobody may read never starts one. Unfiltered, the
    // page rides with the access check (one D1 round trip); the online filter needs the room's answer
    // first, so its page is a second one.
    const page = online ? null : membersPage(db, { communityId, token, q, sort, after, onlyIds: null, limit });
    const read = await batch(db, [member.query, names, ...(page ? [page] : [])]);
    member.read(c, read(member.query));
    const { online: onlineIds } = await getCommunityPresence(c.env, communityId);
    const onlinePage = online ? membersPage(db, { communityId, token, q, sort, after, onlyIds: onlineIds, limit }) : null;
    const rows = page ? read(page) : onlinePage ? (await batch(db, [onlinePage]))(onlinePage) : [];
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
