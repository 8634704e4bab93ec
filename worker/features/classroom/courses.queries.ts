import { sql, type SQL } from "drizzle-orm";
import type { CourseCard, Lesson } from "../../../common/contract/classroom";
import type { Db } from "../../lib/db";
import { viewerSql, type Viewer } from "../../lib/session";
import { isLocked, type Learner } from "./classroom.access";

/** Course cards and lesson lists as the classroom pages show them, with the viewer's own progress. */

export type CourseCardRow = {
  id: string;
  community_id: string;
  title: string;
  description: string | null;
  image_url: string | null;
  required_level: number;
  published: number;
  position: number;
  videos_count: number;
  enrollments_count: number;
  created_at: number;
  total_duration: number;
  creator_id: string | null;
  creator_name: string | null;
  creator_avatar: string | null;
  enrolled: number;
  completed_at: number | null;
  completed_count: number;
};

function courseCards(db: Db, where: SQL, viewer: Viewer) {
  const me = viewerSql(viewer);
  return db.all<CourseCardRow>(
    sql`select cc.id, cc.community_id, cc.title, cc.description, cc.image_url, cc.required_level, cc.published, cc.position,
          cc.videos_count, cc.enrollments_count, cc.created_at,
          (select coalesce(sum(v.video_duration), 0) from course_videos v where v.course_id = cc.id) as total_duration,
          u.id as creator_id, u.full_name as creator_name, u.avatar_url as creator_avatar,
          e.user_id is not null as enrolled, e.completed_at,
          (select count(*) from video_progress vp
            where vp.user_id = ${me} and vp.course_id = cc.id and vp.is_completed = 1) as completed_count
        from classroom_courses cc
        left join users u on u.id = cc.created_by
        left join course_enrollments e on e.course_id = cc.id and e.user_id = ${me}
        where ${where}
        order by cc.position, cc.created_at`,
  );
}

/** Every course of a community, drafts included (the route drops them for members). */
export const communityCourses = (db: Db, communityId: string, viewer: Viewer) =>
  courseCards(db, sql`cc.community_id = ${communityId}`, viewer);

export const oneCourse = (db: Db, courseId: string, viewer: Viewer) => courseCards(db, sql`cc.id = ${courseId}`, viewer);

/** Completed lessons over all lessons, as a rounded percent (spec 001 section 9). */
export const progressPercent = (completed: number, total: number) =>
  total > 0 ? Math.round((Math.min(completed, total) / total) * 100) : 0;

export function toCourseCard(r: CourseCardRow, learner: Pick<Learner, "level" | "canManage">): CourseCard {
  return {
    id: r.id,
    communityId: r.community_id,
    title: r.title,
    description: r.description,
    imageUrl: r.image_url,
    creator: r.creator_id ? { id: r.creator_id, fullName: r.creator_name ?? "", avatarUrl: r.creator_avatar } : null,
    requiredLevel: r.required_level,
    locked: isLocked({ requiredLevel: r.required_level }, learner),
    published: r.published === 1,
    position: r.position,
    videosCount: r.videos_count,
    enrollmentsCount: r.enrollments_count,
    totalDuration: r.total_duration,
    enrolled: r.enrolled === 1,
    completedCount: r.completed_count,
    progress: progressPercent(r.completed_count, r.videos_count),
    completedAt: r.completed_at,
    createdAt: r.created_at,
  };
}

type LessonRow = {
  id: string;
  title: string;
  description: string | null;
  video_duration: number;
  order_index: number;
  is_completed: number | null;
};

/** A course's lessons in order, with the viewer's done marks. */
export const courseLessons = (db: Db, courseId: string, viewer: Viewer) =>
  db.all<LessonRow>(
    sql`select v.id, v.title, v.description, v.video_duration, v.order_index, vp.is_completed
        from course_videos v
        left join video_progress vp on vp.video_id = v.id and vp.user_id = ${viewerSql(viewer)}
        where v.course_id = ${courseId}
        order by v.order_index, v.created_at`,
  );

export const toLesson = (r: LessonRow): Lesson => ({
  id: r.id,
  title: r.title,
  description: r.description,
  duration: r.video_duration,
  orderIndex: r.order_index,
  isCompleted: r.is_completed === 1,
});
