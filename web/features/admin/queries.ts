import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { ReviewStatus, TicketQueueFilter } from "../../../common/contract/enums";
import { call } from "../../lib/api";

/** The staff console's caches: the review queue (one list per status), the open reports and the support tickets. */
export const adminKeys = {
  reviewQueues: () => ["admin", "communities"] as const,
  reviewQueue: (status: ReviewStatus) => ["admin", "communities", status] as const,
  edits: () => ["admin", "communities", "edits"] as const,
  reports: () => ["admin", "reports"] as const,
  tickets: () => ["admin", "tickets"] as const,
  ticketQueue: (filter: TicketQueueFilter) => ["admin", "tickets", "queue", filter] as const,
  ticket: (id: string) => ["admin", "tickets", "one", id] as const,
};

export const reviewQueueQueryOptions = (status: ReviewStatus) =>
  infiniteQueryOptions({
    queryKey: adminKeys.reviewQueue(status),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => call("GET /api/admin/communities", { query: { status, cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.nextCursor,
  });

export const editsQueueQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.edits(),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => call("GET /api/admin/community-edits", { query: { cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.nextCursor,
  });

export const staffReportsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.reports(),
    queryFn: async ({ signal }) => (await call("GET /api/admin/reports", { query: { status: "open" }, signal })).items,
  });

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
