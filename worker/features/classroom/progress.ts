import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { notify, type Step as CommitStep } from "../../lib/commit";
import type { Db } from "../../lib/db";
import { excluded, selectAs, tableAs, type SelectAsRow, type Stored } from "../../lib/sql-names";
import { classroomCourses, courseEnrollments, videoProgress } from "../../lib/tables";
import type { CourseRef } from "./classroom.access";

/**
 * A learner's progress through a course: lessons marked done or watched to where they stopped, and
 * the course completed (once, with its COURSE_COMPLETED) when the last lesson is done. Steps for
 * the route's write batch, so progress, completion and notification land together.
 */

/** Share of a lesson that counts as watched: a direct video played this far completes itself. */
export const WATCHED_SHARE = 0.9;

type Step = { userId: string; course: CourseRef; videoId: string; now: number };

const vp = videoProgress;
const e = alias(courseEnrollments, "e");
const cc = alias(classroomCourses, "cc");

const completedLessons = (userId: string, courseId: string) =>
  sql<number>`(select count(*) from ${vp} where ${vp.userId} = ${userId} and ${vp.courseId} = ${courseId} and ${vp.isCompleted} = 1)`;

/** Every lesson done and the enrollment not yet marked complete: the moment the course is completed. */
const completesNow = (userId: string, courseId: string) =>
  sql`exists (select 1 from ${tableAs(e)} join ${tableAs(cc)} on ${cc.id} = ${e.courseId}
      where ${e.courseId} = ${courseId} and ${e.userId} = ${userId} and ${e.completedAt} is null
        and ${cc.videosCount} > 0 and ${completedLessons(userId, courseId)} >= ${cc.videosCount})`;

/** The learner's done lessons and the enrollment's completion, as the batch left them. */
const resultFields = (userId: string, courseId: string) => ({
  completed: completedLessons(userId, courseId),
  completedAt: sql<
    Stored<typeof courseEnrollments.completedAt>
  >`(select ${courseEnrollments.completedAt} from ${courseEnrollments}
    where ${courseEnrollments.courseId} = ${courseId} and ${courseEnrollments.userId} = ${userId})`,
});

export function completionSteps(db: Db, { userId, course, videoId, now }: Step) {
  const fields = resultFields(userId, course.id);
  const result = db.get<SelectAsRow<typeof fields>>(sql`select ${selectAs(fields)}`);
  const steps: CommitStep[] = [
    db
      .insert(vp)
      .values({ userId, videoId, courseId: course.id, isCompleted: true, completedAt: now, positionSeconds: 0, updatedAt: now })
      .onConflictDoUpdate({
        target: [vp.userId, vp.videoId],
        set: { isCompleted: true, completedAt: sql`coalesce(${vp.completedAt}, ${now})`, updatedAt: now },
      }),
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
    db
      .update(courseEnrollments)
      .set({ completedAt: now })
      .where(
        and(eq(courseEnrollments.courseId, course.id), eq(courseEnrollments.userId, userId), completesNow(userId, course.id)),
      ),
    result,
  ];
  return { steps, result };
}

/** Where the learner stopped; a lesson already done stays done. */
export const positionStatement = (db: Db, { userId, course, videoId, now }: Step, seconds: number) =>
  db
    .insert(vp)
    .values({ userId, videoId, courseId: course.id, isCompleted: false, positionSeconds: Math.floor(seconds), updatedAt: now })
    .onConflictDoUpdate({
      target: [vp.userId, vp.videoId],
      set: { positionSeconds: excluded(vp.positionSeconds), updatedAt: now },
    });
