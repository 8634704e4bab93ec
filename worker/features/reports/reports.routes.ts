import { sql } from "drizzle-orm";
import { Hono, type Context } from "hono";
import type { ReportStatus, ReportTargetKind } from "../../../common/contract/enums";
import { reportDecisionParams, reportQueueQuery, reports } from "../../../common/contract/reports";
import type { HonoEnv } from "../../env";
import { load, memberOf } from "../../lib/access";
import { AppError, notFound } from "../../lib/errors";
import { canDeleteContent, canReview } from "../../lib/permissions";
import { respond } from "../../lib/respond";
import { requireUser, sessionToken } from "../../lib/session";
import { validate } from "../../lib/validation";

type Row = {
  id: string;
  community_id: string | null;
  community_name: string | null;
  target_kind: ReportTargetKind;
  target_id: string;
  reason: string;
  status: ReportStatus;
  created_at: number;
  reporter_id: string | null;
  reporter_name: string | null;
  post_id: string | null;
  excerpt: string | null;
};

/** Reports with what was reported (an excerpt and the post to open), newest first. */
const selectReports = sql`select r.id, r.community_id, c.name as community_name, r.target_kind, r.target_id, r.reason, r.status, r.created_at,
    r.reporter_id, u.full_name as reporter_name,
    coalesce(p.id, pc.post_id) as post_id, substr(coalesce(p.content, pc.content, m.content), 1, 200) as excerpt
  from reports r
  left join communities c on c.id = r.community_id
  left join users u on u.id = r.reporter_id
  left join posts p on r.target_kind = 'post' and p.id = r.target_id
  left join post_comments pc on r.target_kind = 'comment' and pc.id = r.target_id
  left join messages m on r.target_kind = 'message' and m.id = r.target_id`;

const toItem = (r: Row) => ({
  id: r.id,
  community: r.community_id ? { id: r.community_id, name: r.community_name ?? "" } : null,
  targetKind: r.target_kind,
  targetId: r.target_id,
  postId: r.post_id,
  excerpt: r.excerpt,
  reason: r.reason,
  status: r.status,
  createdAt: r.created_at,
  reporter: r.reporter_id ? { id: r.reporter_id, fullName: r.reporter_name ?? "" } : null,
});

async function decide(c: Context<HonoEnv>, reportId: string, decision: "resolve" | "dismiss", scope: { communityId?: string }) {
  const user = await requireUser(c);
  const status = decision === "resolve" ? "resolved" : "dismissed";
  const row = await c.var.db.get(
    sql`update reports set status = ${status}, handled_by = ${user.id}, handled_at = ${Date.now()}
        where id = ${reportId} and status = 'open'${scope.communityId ? sql` and community_id = ${scope.communityId}` : sql``} returning id`,
  );
  if (!row) throw notFound("Report not found or already handled.");
  return respond(c, scope.communityId ? reports.communityDecide : reports.staffDecide, { id: reportId, status });
}

/** Staff see every report (/api/admin/reports). */
export const staffReportsRoutes = new Hono<HonoEnv>()
  .use(async (c, next) => {
    const user = await requireUser(c);
    if (!canReview({ userId: user.id, platformRole: user.platformRole })) throw notFound("Not found.");
    await next();
  })
  .get("/", validate("query", reportQueueQuery), async (c) => {
    const { status, limit } = c.req.valid("query");
    const results = await c.var.db.all<Row>(
      sql`${selectReports} where r.status = ${status} order by r.created_at desc limit ${limit}`,
    );
    return respond(c, reports.staffQueue, { items: results.map(toItem) });
  })
  .post("/:reportId/:decision", validate("param", reportDecisionParams), (c) =>
    decide(c, c.req.valid("param").reportId, c.req.valid("param").decision, {}),
  );

/** A community's moderators, admins and owner see its reports (/api/communities/:id/reports). */
export const communityReportsRoutes = new Hono<HonoEnv>()
  .use(async (c, next) => {
    const access = await load(c, memberOf(c.var.db, await sessionToken(c), c.req.param("id")!));
    if (!canDeleteContent(access.actor, { ...access.community, archived: false }, access.membership, null)) {
      throw new AppError("FORBIDDEN", "Only moderators, admins and the owner can see reports.");
    }
    await next();
  })
  .get("/", validate("query", reportQueueQuery), async (c) => {
    const { status, limit } = c.req.valid("query");
    const results = await c.var.db.all<Row>(
      sql`${selectReports} where r.community_id = ${c.req.param("id")} and r.status = ${status} order by r.created_at desc limit ${limit}`,
    );
    return respond(c, reports.communityQueue, { items: results.map(toItem) });
  })
  .post("/:reportId/:decision", validate("param", reportDecisionParams), (c) =>
    decide(c, c.req.valid("param").reportId, c.req.valid("param").decision, { communityId: c.req.param("id") }),
  );
