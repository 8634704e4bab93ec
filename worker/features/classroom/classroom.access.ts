import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Context } from "hono";
import { levelForPoints } from "../../../common/levels";
import type { HonoEnv } from "../../env";
import { accessColumns, asMember, communityJoins, type Access, type MemberContext, type MemberRow } from "../../lib/access";
import type { Db } from "../../lib/db";
import { forbidden, notFound } from "../../lib/errors";
import { canManage } from "../../lib/permissions";
import { sessionColumns, sessionFrom, sessionUser as su } from "../../lib/session";
import { selectAs, tableAs, type LeftJoined, type SelectAsRow, type Stored } from "../../lib/sql-names";
import { classroomCourses, courseEnrollments, courseVideos, userPoints, videoProgress } from "../../lib/tables";

/**
 * A course (or one of its lessons) as the caller may reach it: member access to its community, the
 * course itself (drafts only for the owner and admins, 404 for the rest) and what the lock and the
 * progress need (the caller's level, enrollment). One statement, to fold into a route's batch.
 */

export type CourseRef = {
  id: string;
  communityId: string;
  title: string;
  createdBy: string | null;
  requiredLevel: number;
  videosCount: number;
};

export type Learner = {
  level: number;
  canManage: boolean;
  enrolled: boolean;
  completedAt: number | null;
};

export type CourseAccess = { course: CourseRef; access: MemberContext; learner: Learner };

const cc = alias(classroomCourses, "cc");
const up = alias(userPoints, "up");
const e = alias(courseEnrollments, "e");
const v = alias(courseVideos, "v");
const vp = alias(videoProgress, "vp");

/** The course's id, null without the course; its other columns are there whenever the id is. */
const courseIdField = { cc_id: cc.id };
const courseFields = {
  cc_community_id: cc.communityId,
  cc_title: cc.title,
  cc_created_by: cc.createdBy,
  cc_required_level: cc.requiredLevel,
  cc_published: cc.published,
  cc_videos_count: cc.videosCount,
};
/** The caller's (`su`) points in the community and enrollment in the course. */
const learnerFields = {
  points: sql<Stored<typeof up.points>>`coalesce(${up.points}, 0)`,
  enrolled: sql<0 | 1>`${e.userId} is not null`,
};
const enrollmentFields = { completed_at: e.completedAt };

type CourseRow = MemberRow &
  LeftJoined<SelectAsRow<typeof courseIdField>> &
  SelectAsRow<typeof courseFields> &
  SelectAsRow<typeof learnerFields> &
  LeftJoined<SelectAsRow<typeof enrollmentFields>>;

/** The course columns of the access row; `cc` is the course, `su` the caller. */
const courseColumns = sql`${selectAs(courseIdField)}, ${selectAs(courseFields)}, ${selectAs(learnerFields)}, ${selectAs(enrollmentFields)}`;

const learnerJoins = sql`left join ${tableAs(up)} on ${up.userId} = ${su.id} and ${up.communityId} = ${cc.communityId}
   left join ${tableAs(e)} on ${e.courseId} = ${cc.id} and ${e.userId} = ${su.id}`;

function readCourse(c: Context<HonoEnv>, row: CourseRow | undefined, missing: string): CourseAccess {
  const access = asMember(c, row, missing);
  if (!row?.cc_id) throw notFound(missing);
  const manager = canManage(access.actor, access.community, access.membership);
  if (row.cc_published !== 1 && !manager) throw notFound(missing);
  return {
    access,
    course: {
      id: row.cc_id,
      communityId: row.cc_community_id,
      title: row.cc_title,
      createdBy: row.cc_created_by,
      requiredLevel: row.cc_required_level,
      videosCount: row.cc_videos_count,
    },
    learner: {
      level: levelForPoints(row.points),
      canManage: manager,
      enrolled: row.enrolled === 1,
      completedAt: row.completed_at,
    },
  };
}

const accessStatement = <Row>(db: Db, token: string, from: SQL, extraColumns: SQL = sql``) =>
  db.get<Row | undefined>(
    sql`select ${sessionColumns}, ${accessColumns}, ${courseColumns}${extraColumns}
      from ${sessionFrom(token, { required: true })}
      ${from}
      ${communityJoins(cc.communityId)}
      ${learnerJoins}`,
  );

export function courseFor(db: Db, token: string, courseId: string): Access<CourseRow, CourseAccess> {
  return {
    query: accessStatement<CourseRow>(db, token, sql`left join ${tableAs(cc)} on ${cc.id} = ${courseId}`),
    read: (c, row) => readCourse(c, row, "Course not found."),
  };
}

export type VideoRef = { id: string; title: string; duration: number; isCompleted: boolean };
/** The video's id, null without the video; its other columns are there whenever the id is. */
const videoIdField = { v_id: v.id };
const videoFields = {
  v_title: v.title,
  v_duration: v.videoDuration,
  v_completed: sql<Stored<
    typeof vp.isCompleted
  > | null>`(select ${vp.isCompleted} from ${tableAs(vp)} where ${vp.userId} = ${su.id} and ${vp.videoId} = ${v.id})`,
};
type VideoRow = CourseRow & LeftJoined<SelectAsRow<typeof videoIdField>> & SelectAsRow<typeof videoFields>;

export function videoFor(db: Db, token: string, videoId: string): Access<VideoRow, CourseAccess & { video: VideoRef }> {
  return {
    query: accessStatement<VideoRow>(
      db,
      token,
      sql`left join ${tableAs(v)} on ${v.id} = ${videoId} left join ${tableAs(cc)} on ${cc.id} = ${v.courseId}`,
      sql`, ${selectAs(videoIdField)}, ${selectAs(videoFields)}`,
    ),
    read: (c, row) => {
      const found = readCourse(c, row, "Video not found.");
      if (!row?.v_id) throw notFound("Video not found.");
      return {
        ...found,
        video: { id: row.v_id, title: row.v_title, duration: row.v_duration, isCompleted: row.v_completed === 1 },
      };
    },
  };
}

/** Whether the course is closed to the caller by its level (never to the owner and admins). */
export const isLocked = (course: Pick<CourseRef, "requiredLevel">, learner: Pick<Learner, "level" | "canManage">) =>
  !learner.canManage && learner.level < course.requiredLevel;

/** The server refuses a locked course's lessons, enrollment and progress. */
export function assertUnlocked(course: CourseRef, learner: Learner) {
  if (isLocked(course, learner)) throw forbidden(`This course unlocks at level ${course.requiredLevel}.`);
}

/** Course and lesson changes: the owner and admins, in a community that is not archived. */
export function assertCanManage(found: CourseAccess, message = "Only the owner and admins can change courses.") {
  if (!found.learner.canManage) throw forbidden(message);
}
