import { z } from "zod";
import { categories } from "../catalog";
import { communityParams, pendingCommunityEdit } from "./communities";
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

/** An approved community's changes waiting for staff: what everyone sees now, and what would replace it. */
export const editItem = z.object({
  id: z.string(),
  reviewStatus: z.enum(reviewStatuses),
  current: z.object({
    name: z.string(),
    description: z.string(),
    coverVideoUrl: z.string().nullable(),
    categoryKey: z.enum(categories),
    imageUrls: z.array(z.string()),
  }),
  proposed: pendingCommunityEdit,
  creator: z.object({ id: z.string(), fullName: z.string(), email: z.string() }).nullable(),
});
export type EditItem = z.output<typeof editItem>;

export const editsQueueQuery = z.object({
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(REVIEW_PAGE_MAX).default(REVIEW_PAGE_SIZE),
});

/** The version staff saw: a decision on an edit its owner has changed since is refused (409). */
const editVersion = { submittedAt: z.number({ error: "Reload the edit and decide again" }).int() };
export const approveEditBody = z.object(editVersion);
export const rejectEditBody = z.object({
  ...editVersion,
  reason: multiLine("The reason", { max: REVIEW_REASON_MAX, required: "Give the owner a reason" }),
});

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
  edits: endpoint("GET", "/api/admin/community-edits", { query: editsQueueQuery, response: page(editItem) }),
  approveEdit: endpoint("POST", "/api/admin/communities/:id/edit/approve", {
    params: communityParams,
    body: approveEditBody,
    response: z.object({ id: z.string() }),
  }),
  rejectEdit: endpoint("POST", "/api/admin/communities/:id/edit/reject", {
    params: communityParams,
    body: rejectEditBody,
    response: z.object({ id: z.string() }),
  }),
};
