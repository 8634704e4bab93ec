import { z } from "zod";
import { membershipRequestStatuses } from "./enums";
import { endpoint, ok } from "./http";
import { MEMBER_ACTION_REASON_MAX, MEMBERSHIP_ANSWER_MAX } from "./limits";
import { multiLine } from "./text";

/** Requests to join a private community: asked with the answers to its questions, decided by its moderators and up. */

const communityParams = z.object({ id: z.string().min(1).max(64) });
const requestParams = z.object({ id: z.string().min(1).max(64), requestId: z.string().min(1).max(64) });

export const requestBody = z.object({
  /** One answer per question, in the questions' order. */
  answers: z
    .array(multiLine("The answer", { max: MEMBERSHIP_ANSWER_MAX, required: "Answer every question" }))
    .max(3)
    .default([]),
});
export type RequestBody = z.input<typeof requestBody>;

export const declineBody = z.object({
  reason: multiLine("The reason", { max: MEMBER_ACTION_REASON_MAX, min: 0 }).optional(),
});

export const membershipRequest = z.object({
  id: z.string(),
  user: z.object({ id: z.string(), fullName: z.string(), avatarUrl: z.string().nullable() }),
  /** The questions as they were asked, beside the answers. */
  questions: z.array(z.string()),
  answers: z.array(z.string()),
  status: z.enum(membershipRequestStatuses),
  createdAt: z.number(),
});
export type MembershipRequest = z.output<typeof membershipRequest>;

export const membershipRequests = {
  ask: endpoint("POST", "/api/communities/:id/requests", {
    params: communityParams,
    body: requestBody,
    response: ok,
    status: 201,
  }),
  queue: endpoint("GET", "/api/communities/:id/requests", {
    params: communityParams,
    response: z.object({ items: z.array(membershipRequest) }),
  }),
  approve: endpoint("POST", "/api/communities/:id/requests/:requestId/approve", { params: requestParams, response: ok }),
  decline: endpoint("POST", "/api/communities/:id/requests/:requestId/decline", {
    params: requestParams,
    body: declineBody,
    response: ok,
  }),
};
