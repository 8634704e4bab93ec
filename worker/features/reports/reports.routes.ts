import type { MiddlewareHandler } from "hono";
import { reports } from "../../../common/contract/reports";
import type { HonoEnv } from "../../env";
import { load, memberOf, type MemberContext } from "../../lib/access";
import { AppError, notFound } from "../../lib/errors";
import { canReview, canSeeReports } from "../../lib/permissions";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { requireUser, sessionToken } from "../../lib/session";
import {
  communityQueue,
  decideAsStaff,
  decideInCommunity,
  staffQueue,
  toCommunityReport,
  toStaffReport,
} from "./reports.queries";

const decided = { resolve: "resolved", dismiss: "dismissed" } as const;

function assertCanSeeReports(access: MemberContext) {
  if (!canSeeReports(access.actor, access.community, access.membership)) {
    throw new AppError("FORBIDDEN", "Only moderators, admins and the owner can see reports.");
  }
}

const alreadyHandled = () => notFound("Report not found or already handled.");

/** The staff console is staff's alone: everyone else gets 404. */
const staffOnly: MiddlewareHandler<HonoEnv> = async (c, next) => {
  const user = await requireUser(c);
  if (!canReview({ userId: user.id, platformRole: user.platformRole })) throw notFound("Not found.");
  await next();
};

/** Staff see every report with its reporter and decide staff review (/api/admin/reports). */
export const staffReportsRoutes = [
  route(
    reports.staffQueue,
    async (c) => {
      const { status, limit } = c.req.valid("query");
      const results = await staffQueue(c.var.db, status, limit);
      return respond(c, reports.staffQueue, { items: results.map(toStaffReport) });
    },
    [staffOnly],
  ),
  route(
    reports.staffDecide,
    async (c) => {
      const user = await requireUser(c);
      const { reportId, decision } = c.req.valid("param");
      const status = decided[decision];
      const row = await decideAsStaff(c.var.db, { reportId, status, by: user.id, at: Date.now() });
      if (!row) throw alreadyHandled();
      return respond(c, reports.staffDecide, { id: reportId, status });
    },
    [staffOnly],
  ),
];

/**
 * A community's moderators, admins and owner see and decide the reports on content by people ranked
 * below them, without the reporter (/api/communities/:id/reports). Reports they may not see answer 404.
 */
export const communityReportsRoutes = [
  route(reports.communityQueue, async (c) => {
    // Access and the queue in one round trip; the queue is only answered once access holds.
    const db = c.var.db;
    const token = await sessionToken(c);
    const communityId = c.req.valid("param").id;
    const { status, limit } = c.req.valid("query");
    const member = memberOf(db, token, communityId);
    const [row, results] = await db.batch([member.query, communityQueue(db, { token }, communityId, status, limit)]);
    assertCanSeeReports(member.read(c, row));
    return respond(c, reports.communityQueue, { items: results.map(toCommunityReport) });
  }),
  route(reports.communityDecide, async (c) => {
    const access = await load(c, memberOf(c.var.db, await sessionToken(c), c.req.valid("param").id));
    assertCanSeeReports(access);
    const { reportId, decision } = c.req.valid("param");
    const status = decided[decision];
    const row = await decideInCommunity(c.var.db, access.community.id, { reportId, status, by: access.user.id, at: Date.now() });
    if (!row) throw alreadyHandled();
    return respond(c, reports.communityDecide, { id: reportId, status });
  }),
];
