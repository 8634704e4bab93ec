import { sql } from "drizzle-orm";
import { notify, type Step as CommitStep } from "../../lib/commit";
import type { Db } from "../../lib/db";
import type { CourseRef } from "./classroom.access";

/**
 * A learner's progress through a course: lessons marked done or watched to where they stopped, and
 * the course completed (once, with its COURSE_COMPLETED) when the last lesson is done. Steps for
 * the route's write batch, so progress, completion and notification land together.
 */

/** Share of a lesson that counts as watched: a direct video played this far completes itself. */
export const WATCHED_SHARE = 0.9;

type Step = { userId: string; course: CourseRef; videoId: string; now: number };

const completedLessons = (userId: string, courseId: string) =>
  sql`(select count(*) from video_progress where user_id = ${userId} and course_id = ${courseId} and is_completed = 1)`;

/** Every lesson done and the enrollment not yet marked complete: the moment the course is completed. */
const completesNow = (userId: string, courseId: string) =>
  sql`exists (select 1 from course_enrollments e join classroom_courses cc on cc.id = e.course_id
      where e.course_id = ${courseId} and e.user_id = ${userId} and e.completed_at is null
        and cc.videos_count > 0 and ${completedLessons(userId, courseId)} >= cc.videos_count)`;

export function completionSteps(db: Db, { userId, course, videoId, now }: Step) {
  const result = db.get<{ completed: number; completed_at: number | null }>(
    sql`select ${completedLessons(userId, course.id)} as completed,
        (select completed_at from course_enrollments where course_id = ${course.id} and user_id = ${userId}) as completed_at`,
  );
  const steps: CommitStep[] = [
    db.run(
      sql`insert into video_progress (user_id, video_id, course_id, is_completed, completed_at, position_seconds, updated_at)
          values (${userId}, ${videoId}, ${course.id}, 1, ${now}, 0, ${now})
          on conflict (user_id, video_id) do update set is_completed = 1, completed_at = coalesce(completed_at, ${now}), updated_at = ${now}`,
    ),
    // The notification's condition is read before the enrollment is marked, so it is written exactly once.
    notify({
      recipientId: userId,
      senderId: null,
      communityId: course.communityId,
      type: "COURSE_COMPLETED",
      courseId: course.id,
      data: { course: course.title },
      onlyIf: completesNow(userId, course.id),
    }),
    db.run(
      sql`update course_enrollments set completed_at = ${now}
          where course_id = ${course.id} and user_id = ${userId} and ${completesNow(userId, course.id)}`,
    ),
    result,
  ];
  return { steps, result };
}

/** Where the learner stopped; a lesson already done stays done. */
export const positionStatement = (db: Db, { userId, course, videoId, now }: Step, seconds: number) =>
  db.run(
    sql`insert into video_progress (user_id, video_id, course_id, is_completed, position_seconds, updated_at)
        values (${userId}, ${videoId}, ${course.id}, 0, ${Math.floor(seconds)}, ${now})
        on conflict (user_id, video_id) do update set position_seconds = excluded.position_seconds, updated_at = ${now}`,
  );
