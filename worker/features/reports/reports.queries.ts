import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { ReportStatus } from "../../../common/contract/enums";
import type { CommunityReport, StaffReport } from "../../../common/contract/reports";
import { roleRankSql } from "../../lib/access";
import type { Db } from "../../lib/db";
import { viewerSql, type Viewer } from "../../lib/session";
import { firstRow, selectAs, tableAs, type LeftJoined, type SelectAsRow, type Stored } from "../../lib/sql-names";
import { communities, communityMembers, messages, postComments, posts, reports, users } from "../../lib/tables";

const r = alias(reports, "r");
const c = alias(communities, "c");
const p = alias(posts, "p");
const pc = alias(postComments, "pc");
const m = alias(messages, "m");
const u = alias(users, "u");
const vm = alias(communityMembers, "vm");
const am = alias(communityMembers, "am");

/** What either queue shows of a report `r`: what was reported (an excerpt and the post to open). */
const reportFields = {
  id: r.id,
  communityId: r.communityId,
  targetKind: r.targetKind,
  targetId: r.targetId,
  reason: r.reason,
  createdAt: r.createdAt,
  postId: sql<Stored<typeof p.id> | null>`coalesce(${p.id}, ${pc.postId})`,
  excerpt: sql<
    Stored<typeof r.excerpt>
  >`coalesce(${r.excerpt}, substr(coalesce(${p.content}, ${pc.content}, ${m.content}), 1, 200))`,
};
/** Its community `c` (left joined in the staff queue). */
const communityFields = { communityName: c.name };
const reportColumns = sql`${selectAs(reportFields)}, ${selectAs(communityFields)}`;

const targetJoins = sql`left join ${tableAs(p)} on ${r.targetKind} = 'post' and ${p.id} = ${r.targetId}
  left join ${tableAs(pc)} on ${r.targetKind} = 'comment' and ${pc.id} = ${r.targetId}
  left join ${tableAs(m)} on ${r.targetKind} = 'message' and ${m.id} = ${r.targetId}`;

type Row = SelectAsRow<typeof reportFields> &
  LeftJoined<SelectAsRow<typeof communityFields>> & { status: Stored<typeof r.status> };

/** The staff queue's: the community's decision and the reporter `u` (left joined). */
const staffFields = { communityStatus: r.communityStatus, reporterId: r.reporterId };
const reporterFields = { reporterName: u.fullName };
type StaffRow = Row & SelectAsRow<typeof staffFields> & LeftJoined<SelectAsRow<typeof reporterFields>>;

/**
 * The viewer `v` with their membership `vm`, and the reported content's author's membership `am`, in
 * the report's community `c`: what `belowViewer` compares. Roles are read now, not at filing, so a
 * promotion or demotion after the report moves it to the people now above the author.
 */
const rankJoins = (viewer: Viewer) => sql`join (select ${viewerSql(viewer)} as id) v
  left join ${tableAs(vm)} on ${vm.communityId} = ${r.communityId} and ${vm.profileId} = v.id
  left join ${tableAs(am)} on ${am.communityId} = ${r.communityId} and ${am.profileId} = ${r.targetAuthorId}`;

/**
 * Reports a community's moderator, admin or owner may see and decide: on content by someone ranked
 * strictly below them (a moderator's content goes to admins and the owner, an admin's to the owner, the
 * owner's to staff alone), never on their own.
 */
const belowViewer = sql`${r.targetAuthorId} is not v.id
  and ${roleRankSql(r.targetAuthorId, c.creatorId, am.role)} < ${roleRankSql(sql`v.id`, c.creatorId, vm.role)}`;

const fields = (row: Row) => ({
  id: row.id,
  community: row.communityId ? { id: row.communityId, name: row.communityName ?? "" } : null,
  targetKind: row.targetKind,
  targetId: row.targetId,
  postId: row.postId,
  excerpt: row.excerpt,
  reason: row.reason,
  status: row.status,
  createdAt: row.createdAt,
});

/** Every report by its staff review status, newest first, with the reporter and the community's decision. */
export const staffQueue = (db: Db, status: ReportStatus, limit: number) =>
  db.all<StaffRow>(
    sql`select ${reportColumns}, ${r.status} as status, ${selectAs(staffFields)}, ${selectAs(reporterFields)}
      from ${tableAs(r)}
      left join ${tableAs(c)} on ${c.id} = ${r.communityId}
      left join ${tableAs(u)} on ${u.id} = ${r.reporterId}
      ${targetJoins}
      where ${r.status} = ${status} order by ${r.createdAt} desc limit ${limit}`,
  );

export const toStaffReport = (row: StaffRow): StaffReport => ({
  ...fields(row),
  communityStatus: row.communityId ? row.communityStatus : null,
  reporter: row.reporterId ? { id: row.reporterId, fullName: row.reporterName ?? "" } : null,
});

/** A community's reports the viewer may see, by the community's own status, newest first; no reporter. */
export const communityQueue = (db: Db, viewer: Viewer, communityId: string, status: ReportStatus, limit: number) =>
  db.all<Row>(
    sql`select ${reportColumns}, ${r.communityStatus} as status
      from ${tableAs(r)}
      join ${tableAs(c)} on ${c.id} = ${r.communityId}
      ${rankJoins(viewer)}
      ${targetJoins}
      where ${r.communityId} = ${communityId} and ${r.communityStatus} = ${status} and ${belowViewer}
      order by ${r.createdAt} desc limit ${limit}`,
  );

export const toCommunityReport = (r: Row): CommunityReport => fields(r);

type Decision = { reportId: string; status: "resolved" | "dismissed"; by: string; at: number };

/** Staff decide an open report's staff review; the community's decision stays as it is. */
export const decideAsStaff = (db: Db, d: Decision) =>
  firstRow(
    db
      .update(reports)
      .set({ status: d.status, handledBy: d.by, handledAt: d.at })
      .where(and(eq(reports.id, d.reportId), eq(reports.status, "open")))
      .returning({ id: reports.id }),
  );

/** A community decides a report it may see and has not decided yet; staff review stays open. */
export const decideInCommunity = (db: Db, communityId: string, d: Decision) =>
  firstRow(
    db
      .update(reports)
      .set({ communityStatus: d.status, communityHandledBy: d.by, communityHandledAt: d.at })
      .where(
        eq(
          reports.id,
          sql`(select ${r.id} from ${tableAs(r)}
            join ${tableAs(c)} on ${c.id} = ${r.communityId}
            ${rankJoins({ id: d.by })}
            where ${r.id} = ${d.reportId} and ${r.communityId} = ${communityId} and ${r.communityStatus} = 'open' and ${belowViewer})`,
        ),
      )
      .returning({ id: reports.id }),
  );
