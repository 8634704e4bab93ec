import { z } from "zod";
import { inviteLinkStates, invitationStatuses } from "./enums";
import { communityView } from "./communities";
import { endpoint, idParam, ok } from "./http";
import { INVITE_CANDIDATES_MAX, INVITE_LINK_DAYS_MAX, INVITE_LINK_USES_MAX, SEARCH_TEXT_MAX } from "./limits";

/**
 * Invitations: the owner and admins invite people by name (a COMMUNITY_INVITE notification with
 * Accept and Decline) or share invite links; a link joins whoever holds it while it is open.
 */

export const communityIdParams = z.object({ id: idParam });

/** Links carry 32 random bytes, base64url. */
export const inviteToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "This invite link is not valid.");
export const inviteTokenParams = z.object({ token: inviteToken });
export const inviteLinkParams = z.object({ id: idParam, linkId: idParam });

export const inviteCandidatesQuery = z.object({
  q: z.string().trim().max(SEARCH_TEXT_MAX, `Search text must be at most ${SEARCH_TEXT_MAX} characters`).default(""),
});

export const inviteBody = z.object({ userId: idParam });

const wholeNumber = (what: string, max: number) =>
  z
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .min(1, `${what} must be at least 1`)
    .max(max, `${what} must be at most ${max}`);

export const createInviteLinkBody = z.object({
  /** Days the link stays open; null keeps it open until revoked. */
  expiresInDays: wholeNumber("Expiry", INVITE_LINK_DAYS_MAX).nullable().default(null),
  /** How many people may join through it; null for no limit. */
  maxUses: wholeNumber("Use limit", INVITE_LINK_USES_MAX).nullable().default(null),
});
export type CreateInviteLinkBody = z.input<typeof createInviteLinkBody>;

export const inviteCandidate = z.object({
  id: z.string(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  /** Already in, invited and not answered yet, or free to invite (a declined invitation may be sent again). */
  status: z.enum(["member", "invited", "none"]),
});
export type InviteCandidate = z.output<typeof inviteCandidate>;

export const inviteLink = z.object({
  id: z.string(),
  token: z.string(),
  state: z.enum(inviteLinkStates),
  expiresAt: z.number().nullable(),
  maxUses: z.number().nullable(),
  usesCount: z.number(),
  revokedAt: z.number().nullable(),
  createdAt: z.number(),
});
export type InviteLink = z.output<typeof inviteLink>;

/** An invite link as whoever opens it sees it: its state and the community it leads to. */
export const openedInvite = z.object({
  state: z.enum(inviteLinkStates),
  expiresAt: z.number().nullable(),
  inviter: z.object({ id: z.string(), fullName: z.string(), avatarUrl: z.string().nullable() }).nullable(),
  view: communityView,
});
export type OpenedInvite = z.output<typeof openedInvite>;

export const invitationAnswer = z.object({
  communityId: z.string(),
  /** joined: the caller is now a member; payment: a paid community, joined through its payment screen. */
  result: z.enum(["joined", "payment"]),
});
export type InvitationAnswer = z.output<typeof invitationAnswer>;

export const invites = {
  candidates: endpoint("GET", "/api/communities/:id/invite-candidates", {
    params: communityIdParams,
    query: inviteCandidatesQuery,
    response: z.object({ people: z.array(inviteCandidate).max(INVITE_CANDIDATES_MAX) }),
  }),
  invite: endpoint("POST", "/api/communities/:id/invitations", {
    params: communityIdParams,
    body: inviteBody,
    response: z.object({ userId: z.string(), status: z.enum(invitationStatuses) }),
    status: 201,
  }),
  accept: endpoint("POST", "/api/communities/:id/invitation/accept", {
    params: communityIdParams,
    response: invitationAnswer,
  }),
  decline: endpoint("POST", "/api/communities/:id/invitation/decline", { params: communityIdParams, response: ok }),
  listLinks: endpoint("GET", "/api/communities/:id/invite-links", {
    params: communityIdParams,
    response: z.object({ items: z.array(inviteLink) }),
  }),
  createLink: endpoint("POST", "/api/communities/:id/invite-links", {
    params: communityIdParams,
    body: createInviteLinkBody,
    response: z.object({ link: inviteLink }),
    status: 201,
  }),
  revokeLink: endpoint("DELETE", "/api/communities/:id/invite-links/:linkId", {
    params: inviteLinkParams,
    response: z.object({ link: inviteLink }),
  }),
  open: endpoint("GET", "/api/invites/:token", { params: inviteTokenParams, response: openedInvite }),
  join: endpoint("POST", "/api/invites/:token/join", { params: inviteTokenParams, response: communityView }),
};
