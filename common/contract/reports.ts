import { z } from "zod";
import { reportDecisions, reportStatuses, reportTargetKinds } from "./enums";
import { endpoint } from "./http";
import { REPORTS_PAGE_MAX, REPORTS_PAGE_SIZE } from "./limits";

/** Report queues: staff see every report, a community's moderators, admins and owner see its own. */

export const reportQueueQuery = z.object({
  status: z.enum(reportStatuses).default("open"),
  limit: z.coerce.number().int().min(1).max(REPORTS_PAGE_MAX).default(REPORTS_PAGE_SIZE),
});
const reportParams = z.object({ reportId: z.string().min(1).max(64) });
export const reportDecisionParams = reportParams.extend({ decision: z.enum(reportDecisions) });

export const report = z.object({
  id: z.string(),
  community: z.object({ id: z.string(), name: z.string() }).nullable(),
  targetKind: z.enum(reportTargetKinds),
  targetId: z.string(),
  /** The post to open: the reported post, or the post of a reported comment. */
  postId: z.string().nullable(),
  excerpt: z.string().nullable(),
  reason: z.string(),
  status: z.enum(reportStatuses),
  createdAt: z.number(),
  reporter: z.object({ id: z.string(), fullName: z.string() }).nullable(),
});
export type Report = z.output<typeof report>;

const reportList = z.object({ items: z.array(report) });
const decided = z.object({ id: z.string(), status: z.enum(["resolved", "dismissed"]) });

export const reports = {
  staffQueue: endpoint("GET", "/api/admin/reports", { query: reportQueueQuery, response: reportList }),
  staffDecide: endpoint("POST", "/api/admin/reports/:reportId/:decision", {
    params: reportDecisionParams,
    response: decided,
  }),
  communityQueue: endpoint("GET", "/api/communities/:id/reports", {
    params: z.object({ id: z.string() }),
    query: reportQueueQuery,
    response: reportList,
  }),
  communityDecide: endpoint("POST", "/api/communities/:id/reports/:reportId/:decision", {
    params: reportDecisionParams.extend({ id: z.string() }),
    response: decided,
  }),
};
