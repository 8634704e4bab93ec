import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { Route } from "../../../common/contract";
import type { ReviewDecision, ReviewStatus, TicketQueueFilter } from "../../../common/contract/enums";
import { call } from "../../lib/api";

/** The staff console's caches: the review queue (one list per status), the open reports and the support tickets. */
export const adminKeys = {
  reviewQueues: () => ["admin", "communities"] as const,
  reviewQueue: (status: ReviewStatus) => ["admin", "communities", status] as const,
  reports: () => ["admin", "reports"] as const,
  tickets: () => ["admin", "tickets"] as const,
  ticketQueue: (filter: TicketQueueFilter) => ["admin", "tickets", "queue", filter] as const,
  ticket: (id: string) => ["admin", "tickets", "one", id] as const,
};

/** The decisions each status allows (the server answers 409 to anything else). */
export const decisionsFor: Record<ReviewStatus, ReviewDecision[]> = {
  under_review: ["approve", "reject"],
  approved: ["suspend"],
  rejected: ["approve"],
  suspended: ["restore"],
};

export const reviewQueueQueryOptions = (status: ReviewStatus) =>
  infiniteQueryOptions({
    queryKey: adminKeys.reviewQueue(status),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => call("GET /api/admin/communities", { query: { status, cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.nextCursor,
  });

export const staffReportsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.reports(),
    queryFn: async ({ signal }) => (await call("GET /api/admin/reports", { query: { status: "open" }, signal })).items,
  });

const decisionRoutes = {
  approve: "POST /api/admin/communities/:id/approve",
  reject: "POST /api/admin/communities/:id/reject",
  suspend: "POST /api/admin/communities/:id/suspend",
  restore: "POST /api/admin/communities/:id/restore",
} as const satisfies Record<ReviewDecision, Route>;

export function decide(id: string, decision: ReviewDecision, reason?: string) {
  return call(decisionRoutes[decision], { params: { id }, body: reason ? { reason } : {} });
}

export const ticketQueueQueryOptions = (status: TicketQueueFilter) =>
  infiniteQueryOptions({
    queryKey: adminKeys.ticketQueue(status),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => call("GET /api/admin/tickets", { query: { status, cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.nextCursor,
  });

export const staffTicketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.ticket(id),
    queryFn: ({ signal }) => call("GET /api/admin/tickets/:id", { params: { id }, signal }),
  });
