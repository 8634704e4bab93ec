import { sql } from "drizzle-orm";
import type { Context } from "hono";
import { classroom } from "../../../common/contract/classroom";
import { toVideoEmbed } from "../../../common/video-embed";
import type { HonoEnv } from "../../env";
import { assertWritable, load } from "../../lib/access";
import { batch } from "../../lib/db";
import { AppError } from "../../lib/errors";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { sessionToken, sessionUserId } from "../../lib/session";
import { commit, type Step } from "../../lib/commit";
import { assertCanManage, assertUnlocked, videoFor, type CourseAccess, type VideoRef } from "./classroom.access";
import { recountLessons } from "./course-writes";
import { progressPercent } from "./courses.queries";
import { completionSteps, positionStatement, WATCHED_SHARE } from "./progress";

type SiblingRow = {
  id: string;
  title: string;
  description: string | null;
  video_url: string;
  video_duration: number;
  order_index: number;
  is_completed: number | null;
  position_seconds: number | null;
};

/** Every lesson of the video's course, in order, with the caller's progress: the player and its neighbours. */
const lessonsOfVideo = (c: Context<HonoEnv>, videoId: string, token: string) =>
  c.var.db.all<SiblingRow>(
    sql`select v.id, v.title, v.description, v.video_url, v.video_duration, v.order_index, vp.is_completed, vp.position_seconds
        from course_videos v
        left join video_progress vp on vp.video_id = v.id
          and vp.user_id = ${sessionUserId(token)}
        where v.course_id = (select course_id from course_videos where id = ${videoId})
        order by v.order_index, v.created_at`,
  );

/** Progress is a learner's: enrolled, in an open course of a community that is not archived. */
function assertLearner({ course, access, learner }: CourseAccess) {
  assertWritable(access.community);
  assertUnlocked(course, learner);
  if (!learner.enrolled) throw new AppError("CONFLICT", "Enroll in this course first.");
}

/** Marks the lesson done (and the course, when it was the last one): the second of two round trips. */
async function complete(c: Context<HonoEnv>, found: CourseAccess & { video: VideoRef }, extra: Step[] = []) {
  const now = Date.now();
  const step = { userId: found.access.user.id, course: found.course, videoId: found.video.id, now };
  const writes = completionSteps(c.var.db, step);
  const read = await commit(c, { steps: [...extra, ...writes.steps] });
  const result = read(writes.result);
  return {
    videoId: found.video.id,
    isCompleted: true,
    progress: progressPercent(result?.completed ?? 0, found.course.videosCount),
    courseCompleted: result?.completed_at != null,
  };
}

/** /api/videos/:videoId… */
export const videosRoutes = [
  route(classroom.getVideo, async (c) => {
    // The access row and the course's lessons: one round trip.
    const db = c.var.db;
    const token = await sessionToken(c);
    const videoId = c.req.valid("param").videoId;
    const target = videoFor(db, token, videoId);
    const lessons = lessonsOfVideo(c, videoId, token);
    const read = await batch(db, [target.query, lessons]);
    const { course, access, learner } = target.read(c, read(target.query));
    assertUnlocked(course, learner);
    const all = read(lessons);
    const at = all.findIndex((l) => l.id === videoId);
    const here = all[at]!;
    const embed = toVideoEmbed(here.video_url);
    if (!embed) throw new AppError("NOT_FOUND", "Video not found.");
    const ref = (l: SiblingRow | undefined) => (l ? { id: l.id, title: l.title } : null);
    const completed = all.filter((l) => l.is_completed === 1).length;
    return respond(c, classroom.getVideo, {
      video: {
        id: here.id,
        courseId: course.id,
        title: here.title,
        description: here.description,
        duration: here.video_duration,
        orderIndex: here.order_index,
        isCompleted: here.is_completed === 1,
        positionSeconds: here.position_seconds ?? 0,
        number: at + 1,
        embed,
      },
      course: {
        id: course.id,
        communityId: course.communityId,
        title: course.title,
        enrolled: learner.enrolled,
        progress: progressPercent(completed, all.length),
        videosCount: all.length,
      },
      previous: ref(all[at - 1]),
      next: ref(all[at + 1]),
      readOnly: access.community.archived,
    });
  }),
  route(classroom.deleteVideo, async (c) => {
    const db = c.var.db;
    const found = await load(c, videoFor(db, await sessionToken(c), c.req.valid("param").videoId));
    assertWritable(found.access.community);
    assertCanManage(found, "Only the owner and admins can delete videos.");
    await batch(db, [
      db.run(sql`delete from course_videos where id = ${found.video.id}`),
      db.run(recountLessons(found.course.id)),
    ]);
    return respond(c, classroom.deleteVideo, { ok: true });
  }),
  route(classroom.completeVideo, async (c) => {
    const found = await load(c, videoFor(c.var.db, await sessionToken(c), c.req.valid("param").videoId));
    assertLearner(found);
    return respond(c, classroom.completeVideo, await complete(c, found));
  }),
  route(classroom.saveWatchPosition, async (c) => {
    const db = c.var.db;
    const { seconds, duration } = c.req.valid("json");
    const found = await load(c, videoFor(db, await sessionToken(c), c.req.valid("param").videoId));
    assertLearner(found);
    const step = { userId: found.access.user.id, course: found.course, videoId: found.video.id, now: Date.now() };
    const position = positionStatement(db, step, seconds);
    // Watched far enough: the lesson completes itself, in the same batch as the position.
    const length = duration ?? found.video.duration;
    if (!found.video.isCompleted && length > 0 && seconds >= length * WATCHED_SHARE) {
      return respond(c, classroom.saveWatchPosition, await complete(c, found, [position]));
    }
    const done = db.get<{ n: number }>(
      sql`select count(*) as n from video_progress where user_id = ${step.userId} and course_id = ${step.course.id} and is_completed = 1`,
    );
    const read = await batch(db, [position, done]);
    return respond(c, classroom.saveWatchPosition, {
      videoId: found.video.id,
      isCompleted: found.video.isCompleted,
      progress: progressPercent(read(done)?.n ?? 0, found.course.videosCount),
      courseCompleted: found.learner.completedAt !== null,
    });
  }),
];
