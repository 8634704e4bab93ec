import { sql } from "drizzle-orm";
import { classroom } from "../../../common/contract/classroom";
import { LESSONS_MAX } from "../../../common/contract/limits";
import { newId } from "../../../common/ids";
import { assertWritable, load } from "../../lib/access";
import { batch } from "../../lib/db";
import { AppError } from "../../lib/errors";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { sessionToken } from "../../lib/session";
import { commit, notify } from "../../lib/commit";
import { assertCanManage, assertUnlocked, courseFor } from "./classroom.access";
import { assertOrder, assertOwnImage, ownCourseImage, positionIn, recountLessons } from "./course-writes";
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
    const image = ownCourseImage(db, token, body.imageUrl);
    const checks = await batch(db, [target.query, ...(image ? [image] : [])]);
    const found = target.read(c, checks(target.query));
    assertWritable(found.access.community);
    assertCanManage(found);
    assertOwnImage(image && checks(image));
    const set = [
      body.title !== undefined ? sql`title = ${body.title}` : null,
      body.description !== undefined ? sql`description = ${body.description}` : null,
      body.imageUrl !== undefined ? sql`image_url = ${body.imageUrl}` : null,
      body.requiredLevel !== undefined ? sql`required_level = ${body.requiredLevel}` : null,
      body.published !== undefined ? sql`published = ${body.published ? 1 : 0}` : null,
      sql`updated_at = ${Date.now()}`,
    ].filter((part) => part !== null);
    const shown = oneCourse(db, courseId, { token });
    const read = await batch(db, [
      db.run(sql`update classroom_courses set ${sql.join(set, sql`, `)} where id = ${courseId}`),
      shown,
    ]);
    return respond(c, classroom.editCourse, { course: toCourseCard(read(shown)[0]!, found.learner) });
  }),
  route(classroom.deleteCourse, async (c) => {
    const db = c.var.db;
    const found = await load(c, courseFor(db, await sessionToken(c), c.req.valid("param").courseId));
    assertWritable(found.access.community);
    assertCanManage(found);
    await batch(db, [
      db.run(sql`delete from classroom_courses where id = ${found.course.id}`),
      db.run(sql`update communities set courses_count = max(0, courses_count - 1) where id = ${found.course.communityId}`),
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
    const enrolled = sql`exists (select 1 from course_enrollments where course_id = ${course.id} and user_id = ${user.id})`;
    const count = db.get<{ n: number }>(sql`select enrollments_count as n from classroom_courses where id = ${course.id}`);
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
        db.run(
          sql`insert into course_enrollments (course_id, user_id, enrolled_at) values (${course.id}, ${user.id}, ${Date.now()})
            on conflict do nothing`,
        ),
        db.run(
          sql`update classroom_courses set enrollments_count = (select count(*) from course_enrollments where course_id = ${course.id})
            where id = ${course.id}`,
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
    const added = db.all<Parameters<typeof toLesson>[0]>(
      sql`select id, title, description, video_duration, order_index, null as is_completed from course_videos where id = ${id}`,
    );
    const read = await batch(db, [
      // The new lesson goes after the last one (spec 001 section 5: highest order plus one).
      db.run(
        sql`insert into course_videos (id, course_id, title, description, video_url, video_duration, order_index, created_at, updated_at)
            select ${id}, ${courseId}, ${body.title}, ${body.description}, ${body.videoUrl}, ${body.duration},
              coalesce(max(order_index), 0) + 1, ${now}, ${now}
            from course_videos where course_id = ${courseId}`,
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
    const existing = db.all<{ id: string }>(sql`select id from course_videos where course_id = ${courseId}`);
    const checks = await batch(db, [target.query, existing]);
    const found = target.read(c, checks(target.query));
    assertWritable(found.access.community);
    assertCanManage(found, "Only the owner and admins can reorder videos.");
    assertOrder("videoIds", videoIds, checks(existing));
    await db.run(
      sql`update course_videos set order_index = ${positionIn("course_videos", videoIds)}, updated_at = ${Date.now()} where course_id = ${courseId}`,
    );
    return respond(c, classroom.reorderVideos, { ok: true });
  }),
];
