import { z } from "zod";
import { memberRoles, memberSorts } from "./enums";
import { endpoint } from "./http";
import { MEMBERS_PAGE_MAX, MEMBERS_PAGE_SIZE, SEARCH_TEXT_MAX } from "./limits";

/** A community's members with role, join date and points; for its members only. */

export const membersQuery = z.object({
  q: z.string().trim().max(SEARCH_TEXT_MAX, `Search text must be at most ${SEARCH_TEXT_MAX} characters`).default(""),
  sort: z.enum(memberSorts, { error: "Unknown sort" }).default("joined"),
  limit: z.coerce.number().int().min(1).max(MEMBERS_PAGE_MAX).default(MEMBERS_PAGE_SIZE),
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
});
export type CommunityMember = z.output<typeof member>;

export const members = {
  list: endpoint("GET", "/api/communities/:id/members", {
    params: z.object({ id: z.string() }),
    query: membersQuery,
    response: z.object({ members: z.array(member) }),
  }),
};
