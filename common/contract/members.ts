import { z } from "zod";
import { MAX_LEVEL } from "../levels";
import { memberRoles, memberSorts } from "./enums";
import { cursorParam, endpoint, limitParam } from "./http";
import { banContentPolicies } from "./enums";
import { MEMBER_ACTION_REASON_MAX, MEMBERS_PAGE_MAX, MEMBERS_PAGE_SIZE, SEARCH_TEXT_MAX } from "./limits";
import { ok } from "./http";
import { multiLine } from "./text";

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

const memberParams = z.object({ id: z.string().min(1).max(64), userId: z.string().min(1).max(64) });
const communityParams = z.object({ id: z.string().min(1).max(64) });

/** Why, shown to the member in their notification; optional. */
const reason = multiLine("The reason", { max: MEMBER_ACTION_REASON_MAX, min: 0 }).optional();

export const removeBody = z.object({ reason });
export const banBody = z.object({
  reason,
  /** What happens to their posts and comments in the community: kept, or deleted with what they earned. */
  content: z.enum(banContentPolicies, { error: "Choose what happens to their posts and comments" }).default("keep"),
});
export type BanBody = z.input<typeof banBody>;

export const ban = z.object({
  userId: z.string(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  reason: z.string().nullable(),
  bannedAt: z.number(),
  bannedBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
});
export type CommunityBan = z.output<typeof ban>;

export const members = {
  list: endpoint("GET", "/api/communities/:id/members", {
    params: z.object({ id: z.string() }),
    query: membersQuery,
    response: z.object({ items: z.array(member), nextCursor: z.string().nullable(), levelNames }),
  }),
  /** Owner and admins; moderators for members only; an admin only by the owner. They may join again. */
  remove: endpoint("POST", "/api/communities/:id/members/:userId/remove", {
    params: memberParams,
    body: removeBody,
    response: ok,
  }),
  /** As remove, and they may not join, request, accept an invitation or pay again until unbanned. */
  ban: endpoint("POST", "/api/communities/:id/members/:userId/ban", { params: memberParams, body: banBody, response: ok }),
  bans: endpoint("GET", "/api/communities/:id/bans", { params: communityParams, response: z.object({ items: z.array(ban) }) }),
  unban: endpoint("DELETE", "/api/communities/:id/bans/:userId", { params: memberParams, response: ok }),
  /** A member leaves; a paid membership's renewals stop with it. The owner cannot leave their own community. */
  leave: endpoint("POST", "/api/communities/:id/leave", { params: communityParams, response: ok }),
};
