import { z } from "zod";
import { reportDecisions, reportStatuses, reportTargetKinds } from "./enums";
import { endpoint } from "./http";
import { REPORTS_PAGE_MAX, REPORTS_PAGE_SIZE } from "./limits";

/**
 * Report queues, decided apart: staff see every report; a community's moderators, admins and owner see
 * its reports on content by people ranked below them (DESIGN.md section 4, Moderation).
 */

export const reportQueueQuery = z.object({
  /** The queue's own decision: staff review in the staff queue, the community's in a community's queue. */
  status: z.enum(reportStatuses).default("open"),
  limit: z.coerce.number().int().min(1).max(REPORTS_PAGE_MAX).default(REPORTS_PAGE_SIZE),
});
const reportParams = z.object({ reportId: z.string().min(1).max(64) });
export const reportDecisionParams = reportParams.extend({ decision: z.enum(reportDecisions) });

const reportFields = z.object({
  id: z.string(),
  community: z.object({ id: z.string(), name: z.string() }).nullable(),
  targetKind: z.enum(reportTargetKinds),
  targetId: z.string(),
  /** The post to open: the reported post, or the post of a reported comment. */
  postId: z.string().nullable(),
  excerpt: z.string().nullable(),
  reason: z.string(),
  createdAt: z.number(),
});

/**
 * A report in a community's queue: `status` is the community's own decision. The reporter is shown to
 * staff only, so this schema has no field for them and the answer cannot carry one.
 */
export const communityReport = reportFields.extend({ status: z.enum(reportStatuses) });
export type CommunityReport = z.output<typeof communityReport>;

/** A report in the staff queue: `status` is staff review; the community's decision is shown beside it. */
export const staffReport = reportFields.extend({
  status: z.enum(reportStatuses),
  /** Null for reports outside any community (direct messages). */
  communityStatus: z.enum(reportStatuses).nullable(),
  reporter: z.object({ id: z.string(), fullName: z.string() }).nullable(),
});
export type StaffReport = z.output<typeof staffReport>;

/** A report as either queue answers it. */
export type Report = CommunityReport | StaffReport;

const decided = z.object({ id: z.string(), status: z.enum(["resolved", "dismissed"]) });

export const reports = {
  staffQueue: endpoint("GET", "/api/admin/reports", {
    query: reportQueueQuery,
    response: z.object({ items: z.array(staffReport) }),
  }),
  staffDecide: endpoint("POST", "/api/admin/reports/:reportId/:decision", {
    params: reportDecisionParams,
    response: decided,
  }),
  communityQueue: endpoint("GET", "/api/communities/:id/reports", {
    params: z.object({ id: z.string() }),
    query: reportQueueQuery,
    response: z.object({ items: z.array(communityReport) }),
  }),
  communityDecide: endpoint("POST", "/api/communities/:id/reports/:reportId/:decision", {
    params: reportDecisionParams.extend({ id: z.string() }),
    response: decided,
  }),
};
