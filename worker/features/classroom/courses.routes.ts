import { eq, sql } from "drizzle-orm";
import { classroom } from "../../../common/contract/classroom";
import { LESSONS_MAX } from "../../../common/contract/limits";
import { newId } from "../../../common/ids";
import { assertWritable, load } from "../../lib/access";
import { batch } from "../../lib/db";
import { AppError } from "../../lib/errors";
import { respond } from "../../lib/respond";
import { ownUpload, assertOwnUpload } from "../../lib/own-upload";
import { route } from "../../lib/route";
import { sessionToken } from "../../lib/session";
import { commit, notify } from "../../lib/commit";
import { bare, bareList, firstRow } from "../../lib/sql-names";
import { classroomCourses, communities, courseEnrollments, courseVideos } from "../../lib/tables";
import { assertCanManage, assertUnlocked, courseFor } from "./classroom.access";
import { assertOrder, positionIn, recountLessons } from "./course-writes";
import { courseLessons, oneCourse, toCourseCard, toLesson } from "./courses.queries";

/** /api/courses/:courseId… */
export const coursesRoutes = [
  route(classroom.getCourse, async (c) => {
    // The access row, the course card and its lessons: one round trip whatever the course's size.
    const db = c.var.db;
    const token = await sessionToken(c);
    const courseId = c.req.valid("param").courseId;
    const target = courseFor(db, token, courseId);
    const card = oneCourse(db, courseId, { token });
    const lessons = courseLessons(db, courseId, { token });
    const read = await batch(db, [target.query, card, lessons]);
    const { access, learner } = target.read(c, read(target.query));
    return respond(c, classroom.getCourse, {
      course: toCourseCard(read(card)[0]!, learner),
      lessons: read(lessons).map(toLesson),
      viewerLevel: learner.level,
      canManage: learner.canManage,
      readOnly: access.community.archived,
    });
  }),
  route(classroom.editCourse, async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const courseId = c.req.valid("param").courseId;
    const body = c.req.valid("json");
    const target = courseFor(db, token, courseId);
    const image = ownUpload(db, token, "course_image", body.imageUrl);
    const checks = await batch(db, [target.query, ...(image ? [image] : [])]);
    const found = target.read(c, checks(target.query));
    assertWritable(found.access.community);
    assertCanManage(found);
    assertOwnUpload(image && checks(image));
    // Fields left out of the body stay as they are (the builder skips undefined ones).
    const edit = db
      .update(classroomCourses)
      .set({
        title: body.title,
        description: body.description,
        imageUrl: body.imageUrl,
        requiredLevel: body.requiredLevel,
        published: body.published,
        updatedAt: Date.now(),
      })
      .where(eq(classroomCourses.id, courseId));
    const shown = oneCourse(db, courseId, { token });
    const read = await batch(db, [edit, shown]);
    return respond(c, classroom.editCourse, { course: toCourseCard(read(shown)[0]!, found.learner) });
  }),
  route(classroom.deleteCourse, async (c) => {
    const db = c.var.db;
    const found = await load(c, courseFor(db, await sessionToken(c), c.req.valid("param").courseId));
    assertWritable(found.access.community);
    assertCanManage(found);
    await batch(db, [
      db.delete(classroomCourses).where(eq(classroomCourses.id, found.course.id)),
      db.run(
        sql`update ${communities} set ${bare(communities.coursesCount)} = max(0, ${communities.coursesCount} - 1)
          where ${communities.id} = ${found.course.communityId}`,
      ),
    ]);
    return respond(c, classroom.deleteCourse, { ok: true });
  }),
  route(classroom.enroll, async (c) => {
    // Two round trips at most: the access row, then enrollment, counter and notification together.
    const db = c.var.db;
    const { course, access, learner } = await load(c, courseFor(db, await sessionToken(c), c.req.valid("param").courseId));
    assertWritable(access.community);
    assertUnlocked(course, learner);
    const user = access.user;
    const enrolled = sql`exists (select 1 from ${courseEnrollments}
      where ${courseEnrollments.courseId} = ${course.id} and ${courseEnrollments.userId} = ${user.id})`;
    const count = firstRow(
      db.select({ n: classroomCourses.enrollmentsCount }).from(classroomCourses).where(eq(classroomCourses.id, course.id)),
    );
    const read = await commit(c, {
      steps: [
        course.createdBy
          ? notify({
              recipientId: course.createdBy,
              senderId: user.id,
              communityId: course.communityId,
              type: "COURSE_ENROLLMENT",
              courseId: course.id,
              // A second enroll (a retry) enrolls nobody new and tells nobody again.
              onlyIf: sql`not ${enrolled}`,
            })
          : null,
        db
          .insert(courseEnrollments)
          .values({ courseId: course.id, userId: user.id, enrolledAt: Date.now() })
          .onConflictDoNothing(),
        // A template: the builder's update would also stamp the course's updated_at.
        db.run(
          sql`update ${classroomCourses} set ${bare(classroomCourses.enrollmentsCount)} = (select count(*) from ${courseEnrollments}
              where ${courseEnrollments.courseId} = ${course.id})
            where ${classroomCourses.id} = ${course.id}`,
        ),
        count,
      ],
    });
    return respond(c, classroom.enroll, { courseId: course.id, enrolled: true, enrollmentsCount: read(count)?.n ?? 0 });
  }),
  route(classroom.addVideo, async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const courseId = c.req.valid("param").courseId;
    const body = c.req.valid("json");
    const target = courseFor(db, token, courseId);
    const checks = await batch(db, [target.query]);
    const found = target.read(c, checks(target.query));
    assertWritable(found.access.community);
    assertCanManage(found, "Only the owner and admins can add videos.");
    if (found.course.videosCount >= LESSONS_MAX)
      throw new AppError("CONFLICT", `A course can have at most ${LESSONS_MAX} videos.`);
    const id = newId();
    const now = Date.now();
    const v = courseVideos;
    // Read back under the keys of a lesson row; nobody has completed a new lesson.
    const added = db
      .select({
        id: v.id,
        title: v.title,
        description: v.description,
        video_duration: v.videoDuration,
        order_index: v.orderIndex,
        is_completed: sql<null>`null`,
      })
      .from(v)
      .where(eq(v.id, id));
    const written = bareList(
      v.id,
      v.courseId,
      v.title,
      v.description,
      v.videoUrl,
      v.videoDuration,
      v.orderIndex,
      v.createdAt,
      v.updatedAt,
    );
    const read = await batch(db, [
      // The new lesson goes after the last one (spec 001 section 5: highest order plus one).
      db.run(
        sql`insert into ${v} (${written})
            select ${id}, ${courseId}, ${body.title}, ${body.description}, ${body.videoUrl}, ${body.duration},
              coalesce(max(${v.orderIndex}), 0) + 1, ${now}, ${now}
            from ${v} where ${v.courseId} = ${courseId}`,
      ),
      db.run(recountLessons(courseId)),
      added,
    ]);
    return respond(c, classroom.addVideo, { lesson: toLesson(read(added)[0]!) });
  }),
  route(classroom.reorderVideos, async (c) => {
    const db = c.var.db;
    const courseId = c.req.valid("param").courseId;
    const { videoIds } = c.req.valid("json");
    const target = courseFor(db, await sessionToken(c), courseId);
    const existing = db.select({ id: courseVideos.id }).from(courseVideos).where(eq(courseVideos.courseId, courseId));
    const checks = await batch(db, [target.query, existing]);
    const found = target.read(c, checks(target.query));
    assertWritable(found.access.community);
    assertCanManage(found, "Only the owner and admins can reorder videos.");
    assertOrder("videoIds", videoIds, checks(existing));
    await db
      .update(courseVideos)
      .set({ orderIndex: positionIn(courseVideos, videoIds), updatedAt: Date.now() })
      .where(eq(courseVideos.courseId, courseId));
    return respond(c, classroom.reorderVideos, { ok: true });
  }),
];
