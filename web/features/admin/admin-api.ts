import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import type { Report, ReviewStatus } from "../communities/types";

export type ReviewItem = {
  id: string;
  name: string;
  description: string;
  categoryKey: string;
  imageUrls: string[];
  reviewStatus: ReviewStatus;
  rejectionReason: string | null;
  submittedAt: number;
  creator: { id: string; fullName: string; email: string } | null;
};

export type Decision = "approve" | "reject" | "suspend" | "restore";

/** The staff console's caches: the review queue (one list per status) and the open reports. */
export const adminKeys = {
  reviewQueues: () => ["admin", "communities"] as const,
  reviewQueue: (status: ReviewStatus) => ["admin", "communities", status] as const,
  reports: () => ["admin", "reports"] as const,
};

/** The decisions each status allows (the server answers 409 to anything else). */
export const decisionsFor: Record<ReviewStatus, Decision[]> = {
  under_review: ["approve", "reject"],
  approved: ["suspend"],
  rejected: ["approve"],
  suspended: ["restore"],
};

export const reviewQueueQueryOptions = (status: ReviewStatus) =>
  infiniteQueryOptions({
    queryKey: adminKeys.reviewQueue(status),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.get<{ items: ReviewItem[]; nextCursor: string | null }>("/api/admin/communities", {
        query: { status, cursor: pageParam ?? undefined },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor,
  });

export const staffReportsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.reports(),
    queryFn: async ({ signal }) =>
      (await api.get<{ items: Report[] }>("/api/admin/reports", { query: { status: "open" }, signal })).items,
  });

export function decide(id: string, decision: Decision, reason?: string) {
  return api.post<{ id: string; reviewStatus: ReviewStatus }>(
    `/api/admin/communities/${encodeURIComponent(id)}/${decision}`,
    reason ? { reason } : {},
  );
}
