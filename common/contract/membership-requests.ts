import { z } from "zod";
import { communityVisibilities, membershipRequestStatuses } from "./enums";
import { endpoint, ok } from "./http";
import { MEMBER_ACTION_REASON_MAX, MEMBERSHIP_ANSWER_MAX, MEMBERSHIP_QUESTION_MAX, MEMBERSHIP_QUESTIONS_MAX } from "./limits";
import { multiLine, singleLine } from "./text";

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

/** Who may join and how: public (at once) or private (by request, with up to 3 questions), listed or not. */
export const joinSettingsBody = z.object({
  visibility: z.enum(communityVisibilities, { error: "Choose public or private" }),
  hiddenFromExplore: z.boolean().default(false),
  membershipQuestions: z
    .array(singleLine("Question", { max: MEMBERSHIP_QUESTION_MAX, required: "Questions cannot be empty" }))
    .max(MEMBERSHIP_QUESTIONS_MAX, `At most ${MEMBERSHIP_QUESTIONS_MAX} questions`)
    .default([]),
});
export type JoinSettingsBody = z.input<typeof joinSettingsBody>;
export const joinSettings = z.object({
  visibility: z.enum(communityVisibilities),
  hiddenFromExplore: z.boolean(),
  membershipQuestions: z.array(z.string()),
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
  /** The owner and admins. A public community is always listed; only a private one can be kept out of explore. */
  joinSettings: endpoint("PATCH", "/api/communities/:id/join-settings", {
    params: communityParams,
    body: joinSettingsBody,
    response: joinSettings,
  }),
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
