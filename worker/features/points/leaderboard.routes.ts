import { leaderboard, type LeaderRow } from "../../../common/contract/leaderboard";
import { LEADERBOARD_SIZE } from "../../../common/contract/limits";
import { levelForPoints } from "../../../common/levels";
import { memberOf } from "../../lib/access";
import { batch } from "../../lib/db";
import { decodeCursor, encodeCursor } from "../../lib/pagination";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { sessionToken } from "../../lib/session";
import { leaderboardStatement, withRanks, type LeaderRowDb } from "./leaderboard.queries";
import { levelNamesQuery, toLevelNames } from "../../lib/level-names";
import { historyStatement } from "./points-history.queries";

const toLeader = (r: LeaderRowDb): LeaderRow => ({
  rank: r.rank,
  id: r.id,
  fullName: r.full_name,
  avatarUrl: r.avatar_url,
  points: r.points,
  level: levelForPoints(r.total),
});

/** What a history row names of a post: its headline, or the start of its text. */
const postTitle = (headline: string | null, content: string | null) => {
  const text = (headline || content || "").replace(/\s+/g, " ").trim();
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

/**
 * /api/communities/:id/leaderboard and /points: the period's ranking with the caller's own row, and the
 * caller's ledger explained; members only, each one D1 round trip.
 */
export const leaderboardRoutes = [
  route(leaderboard.board, async (c) => {
    const db = c.var.db;
    const communityId = c.req.valid("param").id;
    const { period } = c.req.valid("query");
    const token = await sessionToken(c);
    const member = memberOf(db, token, communityId);
    const board = leaderboardStatement(db, communityId, token, period, LEADERBOARD_SIZE);
    const names = levelNamesQuery(db, communityId);
    const read = await batch(db, [member.query, board, names]);
    member.read(c, read(member.query));
    const rows = read(board);
    const mine = rows.find((r) => r.is_me === 1)!;
    const top = withRanks(
      rows.filter((r) => r.is_me === 0).sort((a, b) => b.points - a.points || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    );
    return respond(c, leaderboard.board, {
      period,
      items: top.map(toLeader),
      me: toLeader(mine),
      myTotal: mine.total,
      levelNames: toLevelNames(read(names)),
    });
  }),
  route(leaderboard.history, async (c) => {
    const db = c.var.db;
    const communityId = c.req.valid("param").id;
    const { cursor, limit } = c.req.valid("query");
    const after = cursor ? decodeCursor(cursor) : null;
    const token = await sessionToken(c);
    const member = memberOf(db, token, communityId);
    const history = historyStatement(db, communityId, token, after, limit);
    const read = await batch(db, [member.query, history]);
    member.read(c, read(member.query));
    const rows = read(history);
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    return respond(c, leaderboard.history, {
      items: shown.map((r) => ({
        id: r.id,
        amount: r.amount,
        reason: r.reason,
        createdAt: r.created_at,
        actor: r.actor_id && r.actor_name !== null ? { id: r.actor_id, fullName: r.actor_name } : null,
        post: r.post_id ? { id: r.post_id, title: postTitle(r.post_headline, r.post_content) } : null,
        commentId: r.comment_id,
      })),
      nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
    });
  }),
];
