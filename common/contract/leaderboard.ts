import { z } from "zod";
import { MAX_LEVEL } from "../levels";
import { leaderboardPeriods } from "./enums";
import { cursorParam, endpoint, limitParam } from "./http";
import { LEVEL_NAME_MAX, POINTS_HISTORY_PAGE_MAX, POINTS_HISTORY_PAGE_SIZE } from "./limits";
import { levelNames } from "./members";
import { singleLine } from "./text";

/** Levels, the leaderboard and the caller's points history of a community; for its members only. */

/** Any id: one that names no community is refused by the access check (401 or 404), not by its shape. */
const params = z.object({ id: z.string() });

/** Names for levels 1 to 9; an empty name gives the level back its default name. */
export const levelNamesBody = z.object({
  names: z
    .array(singleLine("Level name", { max: LEVEL_NAME_MAX, min: 0 }), { error: "Names must be a list" })
    .length(MAX_LEVEL, `Names must list all ${MAX_LEVEL} levels`),
});

export const leaderboardQuery = z.object({
  period: z.enum(leaderboardPeriods, { error: `Period must be one of ${leaderboardPeriods.join(", ")}` }).default("allTime"),
});

export const leaderRow = z.object({
  rank: z.number().int().positive(),
  id: z.string(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  /** Points in the period. */
  points: z.number().int(),
  /** From all-time points, whatever the period. */
  level: z.number().int().min(1).max(MAX_LEVEL),
});
export type LeaderRow = z.output<typeof leaderRow>;

export const pointsHistoryQuery = z.object({
  cursor: cursorParam,
  limit: limitParam(POINTS_HISTORY_PAGE_MAX, POINTS_HISTORY_PAGE_SIZE),
});

/** One ledger row of the caller's, with what earned it: who liked, which post or comment. */
export const pointsEntry = z.object({
  id: z.string(),
  amount: z.number().int(),
  reason: z.string(),
  createdAt: z.number(),
  /** The person whose like it was; null for one's own posts and comments, or a deleted account. */
  actor: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  /** The post it concerns (the liked or written post, or the post of the comment); null once deleted. */
  post: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** The comment it concerns, when it still exists. */
  commentId: z.string().nullable(),
});
export type PointsEntry = z.output<typeof pointsEntry>;

export const leaderboard = {
  levels: endpoint("GET", "/api/communities/:id/levels", { params, response: z.object({ levelNames }) }),
  setLevels: endpoint("PUT", "/api/communities/:id/levels", {
    params,
    body: levelNamesBody,
    response: z.object({ levelNames }),
  }),
  board: endpoint("GET", "/api/communities/:id/leaderboard", {
    params,
    query: leaderboardQuery,
    response: z.object({
      period: z.enum(leaderboardPeriods),
      items: z.array(leaderRow),
      /** The caller's own row, also when outside the top. */
      me: leaderRow,
      /** The caller's all-time points, for "next level in N points". */
      myTotal: z.number().int(),
      levelNames,
    }),
  }),
  history: endpoint("GET", "/api/communities/:id/points", {
    params,
    query: pointsHistoryQuery,
    response: z.object({ items: z.array(pointsEntry), nextCursor: z.string().nullable() }),
  }),
};
