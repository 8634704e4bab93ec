import { z } from "zod";
import { MAX_LEVEL } from "../levels";
import { memberRoles, memberSorts } from "./enums";
import { cursorParam, endpoint, limitParam } from "./http";
import { MEMBERS_PAGE_MAX, MEMBERS_PAGE_SIZE, SEARCH_TEXT_MAX } from "./limits";

/** A community's members with role, level, join date and points; for its members only. */

export const membersQuery = z.object({
  q: z.string().trim().max(SEARCH_TEXT_MAX, `Search text must be at most ${SEARCH_TEXT_MAX} characters`).default(""),
  sort: z.enum(memberSorts, { error: "Sort must be one of points, name, joined" }).default("joined"),
  /** Only the members connected to the community right now. */
  online: z
    .enum(["true", "false"], { error: "Online must be true or false" })
    .default("false")
    .transform((v) => v === "true"),
  cursor: cursorParam,
  limit: limitParam(MEMBERS_PAGE_MAX, MEMBERS_PAGE_SIZE),
});

export const member = z.object({
  id: z.string(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  profession: z.string().nullable(),
  role: z.enum(memberRoles),
  isOwner: z.boolean(),
  joinedAt: z.number(),
  points: z.number(),
  level: z.number().int().min(1).max(MAX_LEVEL),
  online: z.boolean(),
});
export type CommunityMember = z.output<typeof member>;

/** The names the owner gave levels 1 to 9, in order; null where the level keeps its default name. */
export const levelNames = z.array(z.string().nullable()).length(MAX_LEVEL);

export const members = {
  list: endpoint("GET", "/api/communities/:id/members", {
    params: z.object({ id: z.string() }),
    query: membersQuery,
    response: z.object({ items: z.array(member), nextCursor: z.string().nullable(), levelNames }),
  }),
};
