import { z } from "zod";
import { categories } from "../catalog";
import { communityParams } from "./communities";
import { reviewStatuses } from "./enums";
import { endpoint, page } from "./http";
import { REVIEW_PAGE_MAX, REVIEW_PAGE_SIZE, REVIEW_REASON_MAX } from "./limits";
import { multiLine } from "./text";

/** The staff console: the community review queue and the decisions on it. */

export const reviewDecisionBody = z.object({
  reason: multiLine("The reason", { max: REVIEW_REASON_MAX, min: 0 }).optional(),
});
export const rejectBody = z.object({
  reason: multiLine("The reason", { max: REVIEW_REASON_MAX, required: "Give the owner a reason" }),
});
export const reviewQueueQuery = z.object({
  status: z.enum(reviewStatuses).default("under_review"),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(REVIEW_PAGE_MAX).default(REVIEW_PAGE_SIZE),
});

export const reviewItem = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  categoryKey: z.enum(categories),
  imageUrls: z.array(z.string()),
  reviewStatus: z.enum(reviewStatuses),
  rejectionReason: z.string().nullable(),
  submittedAt: z.number(),
  creator: z.object({ id: z.string(), fullName: z.string(), email: z.string() }).nullable(),
});
export type ReviewItem = z.output<typeof reviewItem>;

const decided = z.object({ id: z.string(), reviewStatus: z.enum(reviewStatuses) });

export const review = {
  queue: endpoint("GET", "/api/admin/communities", { query: reviewQueueQuery, response: page(reviewItem) }),
  approve: endpoint("POST", "/api/admin/communities/:id/approve", {
    params: communityParams,
    body: reviewDecisionBody,
    response: decided,
  }),
  reject: endpoint("POST", "/api/admin/communities/:id/reject", { params: communityParams, body: rejectBody, response: decided }),
  suspend: endpoint("POST", "/api/admin/communities/:id/suspend", {
    params: communityParams,
    body: reviewDecisionBody,
    response: decided,
  }),
  restore: endpoint("POST", "/api/admin/communities/:id/restore", {
    params: communityParams,
    body: reviewDecisionBody,
    response: decided,
  }),
};
