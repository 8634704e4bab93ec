import { sql, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import { levelForPoints } from "../../../common/levels";
import type { HonoEnv } from "../../env";
import { accessColumns, asMember, communityJoins, type Access, type MemberContext, type MemberRow } from "../../lib/access";
import type { Db } from "../../lib/db";
import { forbidden, notFound } from "../../lib/errors";
import { canManage } from "../../lib/permissions";
import { sessionColumns, sessionFrom } from "../../lib/session";

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

type CourseRow = MemberRow & {
  cc_id: string | null;
  cc_community_id: string;
  cc_title: string;
  cc_created_by: string | null;
  cc_required_level: number;
  cc_published: number;
  cc_videos_count: number;
  points: number;
  enrolled: number;
  completed_at: number | null;
};

/** The course columns of the access row; `cc` is the course, `su` the caller. */
const courseColumns = sql.raw(
  "cc.id as cc_id, cc.community_id as cc_community_id, cc.title as cc_title, cc.created_by as cc_created_by, " +
    "cc.required_level as cc_required_level, cc.published as cc_published, cc.videos_count as cc_videos_count, " +
    "coalesce(up.points, 0) as points, e.user_id is not null as enrolled, e.completed_at as completed_at",
);

const learnerJoins = sql.raw(
  `left join user_points up on up.user_id = su.id and up.community_id = cc.community_id
   left join course_enrollments e on e.course_id = cc.id and e.user_id = su.id`,
);

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
      ${communityJoins(sql.raw("cc.community_id"))}
      ${learnerJoins}`,
  );

export function courseFor(db: Db, token: string, courseId: string): Access<CourseRow, CourseAccess> {
  return {
    query: accessStatement<CourseRow>(db, token, sql`left join classroom_courses cc on cc.id = ${courseId}`),
    read: (c, row) => readCourse(c, row, "Course not found."),
  };
}

export type VideoRef = { id: string; title: string; duration: number; isCompleted: boolean };
type VideoRow = CourseRow & { v_id: string | null; v_title: string; v_duration: number; v_completed: number | null };

export function videoFor(db: Db, token: string, videoId: string): Access<VideoRow, CourseAccess & { video: VideoRef }> {
  return {
    query: accessStatement<VideoRow>(
      db,
      token,
      sql`left join course_videos v on v.id = ${videoId} left join classroom_courses cc on cc.id = v.course_id`,
      sql`, v.id as v_id, v.title as v_title, v.video_duration as v_duration,
        (select vp.is_completed from video_progress vp where vp.user_id = su.id and vp.video_id = v.id) as v_completed`,
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
