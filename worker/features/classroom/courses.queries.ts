import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { CourseCard, Lesson } from "../../../common/contract/classroom";
import type { Db } from "../../lib/db";
import { viewerSql, type Viewer } from "../../lib/session";
import { selectAs, tableAs, type LeftJoined, type SelectAsRow, type Stored } from "../../lib/sql-names";
import { classroomCourses, courseEnrollments, courseVideos, users, videoProgress } from "../../lib/tables";
import { isLocked, type Learner } from "./classroom.access";

/** Course cards and lesson lists as the classroom pages show them, with the viewer's own progress. */

const cc = alias(classroomCourses, "cc");
const v = alias(courseVideos, "v");
const u = alias(users, "u");
const e = alias(courseEnrollments, "e");
const vp = alias(videoProgress, "vp");

const courseFields = {
  id: cc.id,
  communityId: cc.communityId,
  title: cc.title,
  description: cc.description,
  imageUrl: cc.imageUrl,
  requiredLevel: cc.requiredLevel,
  published: cc.published,
  position: cc.position,
  videosCount: cc.videosCount,
  enrollmentsCount: cc.enrollmentsCount,
  createdAt: cc.createdAt,
  totalDuration: sql<
    Stored<typeof v.videoDuration>
  >`(select coalesce(sum(${v.videoDuration}), 0) from ${tableAs(v)} where ${v.courseId} = ${cc.id})`,
};

/** The creator `u` and the viewer's enrollment `e`: left joined. */
const joinedFields = { creatorId: u.id, creatorName: u.fullName, creatorAvatar: u.avatarUrl, completedAt: e.completedAt };

/** The viewer's (`me`) own progress. */
const progressFields = (me: SQL) => ({
  enrolled: sql<0 | 1>`${e.userId} is not null`,
  completedCount: sql<number>`(select count(*) from ${tableAs(vp)}
    where ${vp.userId} = ${me} and ${vp.courseId} = ${cc.id} and ${vp.isCompleted} = 1)`,
});

export type CourseCardRow = SelectAsRow<typeof courseFields> &
  LeftJoined<SelectAsRow<typeof joinedFields>> &
  SelectAsRow<ReturnType<typeof progressFields>>;

function courseCards(db: Db, where: SQL, viewer: Viewer) {
  const me = viewerSql(viewer);
  return db.all<CourseCardRow>(
    sql`select ${selectAs(courseFields)}, ${selectAs(joinedFields)}, ${selectAs(progressFields(me))}
        from ${tableAs(cc)}
        left join ${tableAs(u)} on ${u.id} = ${cc.createdBy}
        left join ${tableAs(e)} on ${e.courseId} = ${cc.id} and ${e.userId} = ${me}
        where ${where}
        order by ${cc.position}, ${cc.createdAt}`,
  );
}

/** Every course of a community, drafts included (the route drops them for members). */
export const communityCourses = (db: Db, communityId: string, viewer: Viewer) =>
  courseCards(db, sql`${cc.communityId} = ${communityId}`, viewer);

export const oneCourse = (db: Db, courseId: string, viewer: Viewer) => courseCards(db, sql`${cc.id} = ${courseId}`, viewer);

/** Completed lessons over all lessons, as a rounded percent (spec 001 section 9). */
export const progressPercent = (completed: number, total: number) =>
  total > 0 ? Math.round((Math.min(completed, total) / total) * 100) : 0;

export function toCourseCard(r: CourseCardRow, learner: Pick<Learner, "level" | "canManage">): CourseCard {
  return {
    id: r.id,
    communityId: r.communityId,
    title: r.title,
    description: r.description,
    imageUrl: r.imageUrl,
    creator: r.creatorId ? { id: r.creatorId, fullName: r.creatorName ?? "", avatarUrl: r.creatorAvatar } : null,
    requiredLevel: r.requiredLevel,
    locked: isLocked({ requiredLevel: r.requiredLevel }, learner),
    published: r.published === 1,
    position: r.position,
    videosCount: r.videosCount,
    enrollmentsCount: r.enrollmentsCount,
    totalDuration: r.totalDuration,
    enrolled: r.enrolled === 1,
    completedCount: r.completedCount,
    progress: progressPercent(r.completedCount, r.videosCount),
    completedAt: r.completedAt,
    createdAt: r.createdAt,
  };
}

/** A lesson under the keys its readers use (a new lesson is read back under them too). */
const lessonFields = {
  id: v.id,
  title: v.title,
  description: v.description,
  video_duration: v.videoDuration,
  order_index: v.orderIndex,
};
/** The viewer's done mark (left joined). */
const doneField = { is_completed: vp.isCompleted };

type LessonRow = SelectAsRow<typeof lessonFields> & LeftJoined<SelectAsRow<typeof doneField>>;

/** A course's lessons in order, with the viewer's done marks. */
export const courseLessons = (db: Db, courseId: string, viewer: Viewer) =>
  db.all<LessonRow>(
    sql`select ${selectAs(lessonFields)}, ${selectAs(doneField)}
        from ${tableAs(v)}
        left join ${tableAs(vp)} on ${vp.videoId} = ${v.id} and ${vp.userId} = ${viewerSql(viewer)}
        where ${v.courseId} = ${courseId}
        order by ${v.orderIndex}, ${v.createdAt}`,
  );

export const toLesson = (r: LessonRow): Lesson => ({
  id: r.id,
  title: r.title,
  description: r.description,
  duration: r.video_duration,
  orderIndex: r.order_index,
  isCompleted: r.is_completed === 1,
});
