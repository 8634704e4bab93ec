import { sql } from "drizzle-orm";
import type { ReportStatus, ReportTargetKind } from "../../../common/contract/enums";
import type { CommunityReport, StaffReport } from "../../../common/contract/reports";
import { roleRankSql } from "../../lib/access";
import type { Db } from "../../lib/db";
import { viewerSql, type Viewer } from "../../lib/session";

type Row = {
  id: string;
  community_id: string | null;
  community_name: string | null;
  target_kind: ReportTargetKind;
  target_id: string;
  reason: string;
  status: ReportStatus;
  created_at: number;
  post_id: string | null;
  excerpt: string | null;
};

type StaffRow = Row & { community_status: ReportStatus; reporter_id: string | null; reporter_name: string | null };

/** What either queue shows of a report `r`: its community `c` and what was reported (an excerpt and the post to open). */
const reportColumns = sql.raw(
  "r.id, r.community_id, c.name as community_name, r.target_kind, r.target_id, r.reason, r.created_at, " +
    "coalesce(p.id, pc.post_id) as post_id, coalesce(r.excerpt, substr(coalesce(p.content, pc.content, m.content), 1, 200)) as excerpt",
);
const targetJoins = sql.raw(
  "left join posts p on r.target_kind = 'post' and p.id = r.target_id " +
    "left join post_comments pc on r.target_kind = 'comment' and pc.id = r.target_id " +
    "left join messages m on r.target_kind = 'message' and m.id = r.target_id",
);

/**
 * The viewer `v` with their membership `vm`, and the reported content's author's membership `am`, in
 * the report's community `c`: what `belowViewer` compares. Roles are read now, not at filing, so a
 * promotion or demotion after the report moves it to the people now above the author.
 */
const rankJoins = (viewer: Viewer) => sql`join (select ${viewerSql(viewer)} as id) v
  left join community_members vm on vm.community_id = r.community_id and vm.profile_id = v.id
  left join community_members am on am.community_id = r.community_id and am.profile_id = r.target_author_id`;

/**
 * Reports a community's moderator, admin or owner may see and decide: on content by someone ranked
 * strictly below them (a moderator's content goes to admins and the owner, an admin's to the owner, the
 * owner's to staff alone), never on their own.
 */
const belowViewer = sql`r.target_author_id is not v.id
  and ${roleRankSql(sql.raw("r.target_author_id"), sql.raw("c.creator_id"), sql.raw("am.role"))}
    < ${roleRankSql(sql.raw("v.id"), sql.raw("c.creator_id"), sql.raw("vm.role"))}`;

const fields = (r: Row) => ({
  id: r.id,
  community: r.community_id ? { id: r.community_id, name: r.community_name ?? "" } : null,
  targetKind: r.target_kind,
  targetId: r.target_id,
  postId: r.post_id,
  excerpt: r.excerpt,
  reason: r.reason,
  status: r.status,
  createdAt: r.created_at,
});

/** Every report by its staff review status, newest first, with the reporter and the community's decision. */
export const staffQueue = (db: Db, status: ReportStatus, limit: number) =>
  db.all<StaffRow>(
    sql`select ${reportColumns}, r.status, r.community_status, r.reporter_id, u.full_name as reporter_name
      from reports r
      left join communities c on c.id = r.community_id
      left join users u on u.id = r.reporter_id
      ${targetJoins}
      where r.status = ${status} order by r.created_at desc limit ${limit}`,
  );

export const toStaffReport = (r: StaffRow): StaffReport => ({
  ...fields(r),
  communityStatus: r.community_id ? r.community_status : null,
  reporter: r.reporter_id ? { id: r.reporter_id, fullName: r.reporter_name ?? "" } : null,
});

/** A community's reports the viewer may see, by the community's own status, newest first; no reporter. */
export const communityQueue = (db: Db, viewer: Viewer, communityId: string, status: ReportStatus, limit: number) =>
  db.all<Row>(
    sql`select ${reportColumns}, r.community_status as status
      from reports r
      join communities c on c.id = r.community_id
      ${rankJoins(viewer)}
      ${targetJoins}
      where r.community_id = ${communityId} and r.community_status = ${status} and ${belowViewer}
      order by r.created_at desc limit ${limit}`,
  );

export const toCommunityReport = (r: Row): CommunityReport => fields(r);

type Decision = { reportId: string; status: "resolved" | "dismissed"; by: string; at: number };

/** Staff decide an open report's staff review; the community's decision stays as it is. */
export const decideAsStaff = (db: Db, d: Decision) =>
  db.get<{ id: string } | undefined>(
    sql`update reports set status = ${d.status}, handled_by = ${d.by}, handled_at = ${d.at}
      where id = ${d.reportId} and status = 'open' returning id`,
  );

/** A community decides a report it may see and has not decided yet; staff review stays open. */
export const decideInCommunity = (db: Db, communityId: string, d: Decision) =>
  db.get<{ id: string } | undefined>(
    sql`update reports set community_status = ${d.status}, community_handled_by = ${d.by}, community_handled_at = ${d.at}
      where id = (select r.id from reports r
        join communities c on c.id = r.community_id
        ${rankJoins({ id: d.by })}
        where r.id = ${d.reportId} and r.community_id = ${communityId} and r.community_status = 'open' and ${belowViewer})
      returning id`,
  );
