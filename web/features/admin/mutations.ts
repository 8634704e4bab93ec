import type { Route } from "../../../common/contract";
import type { ReviewDecision, ReviewStatus } from "../../../common/contract/enums";
import { call } from "../../lib/api";

/** The decisions each status allows (the server answers 409 to anything else). */
export const decisionsFor: Record<ReviewStatus, ReviewDecision[]> = {
  under_review: ["approve", "reject"],
  approved: ["suspend"],
  rejected: ["approve"],
  suspended: ["restore"],
};

const decisionRoutes = {
  approve: "POST /api/admin/communities/:id/approve",
  reject: "POST /api/admin/communities/:id/reject",
  suspend: "POST /api/admin/communities/:id/suspend",
  restore: "POST /api/admin/communities/:id/restore",
} as const satisfies Record<ReviewDecision, Route>;

export function decide(id: string, decision: ReviewDecision, reason?: string) {
  return call(decisionRoutes[decision], { params: { id }, body: reason ? { reason } : {} });
}

/** Staff's answer to an approved community's changes; `submittedAt` is the version staff looked at. */
export function decideEdit(id: string, decision: "approve_edit" | "reject_edit", submittedAt: number, reason?: string) {
  return decision === "approve_edit"
    ? call("POST /api/admin/communities/:id/edit/approve", { params: { id }, body: { submittedAt } })
    : call("POST /api/admin/communities/:id/edit/reject", { params: { id }, body: { submittedAt, reason: reason ?? "" } });
}
