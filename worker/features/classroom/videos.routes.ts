import { and, count, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
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
import { firstRow, selectAs, tableAs, type LeftJoined, type SelectAsRow } from "../../lib/sql-names";
import { courseVideos, videoProgress } from "../../lib/tables";
import { assertCanManage, assertUnlocked, videoFor, type CourseAccess, type VideoRef } from "./classroom.access";
import { recountLessons } from "./course-writes";
import { progressPercent } from "./courses.queries";
import { completionSteps, positionStatement, WATCHED_SHARE } from "./progress";

const v = alias(courseVideos, "v");
const vp = alias(videoProgress, "vp");

const siblingFields = {
  id: v.id,
  title: v.title,
  description: v.description,
  videoUrl: v.videoUrl,
  videoDuration: v.videoDuration,
  orderIndex: v.orderIndex,
};
/** The caller's progress on the lesson (left joined). */
const siblingProgress = { isCompleted: vp.isCompleted, positionSeconds: vp.positionSeconds };

type SiblingRow = SelectAsRow<typeof siblingFields> & LeftJoined<SelectAsRow<typeof siblingProgress>>;

/** Every lesson of the video's course, in order, with the caller's progress: the player and its neighbours. */
const lessonsOfVideo = (c: Context<HonoEnv>, videoId: string, token: string) =>
  c.var.db.all<SiblingRow>(
    sql`select ${selectAs(siblingFields)}, ${selectAs(siblingProgress)}
        from ${tableAs(v)}
        left join ${tableAs(vp)} on ${vp.videoId} = ${v.id}
          and ${vp.userId} = ${sessionUserId(token)}
        where ${v.courseId} = (select ${courseVideos.courseId} from ${courseVideos} where ${courseVideos.id} = ${videoId})
        order by ${v.orderIndex}, ${v.createdAt}`,
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
    courseCompleted: result?.completedAt != null,
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
    const embed = toVideoEmbed(here.videoUrl);
    if (!embed) throw new AppError("NOT_FOUND", "Video not found.");
    const ref = (l: SiblingRow | undefined) => (l ? { id: l.id, title: l.title } : null);
    const completed = all.filter((l) => l.isCompleted === 1).length;
    return respond(c, classroom.getVideo, {
      video: {
        id: here.id,
        courseId: course.id,
        title: here.title,
        description: here.description,
        duration: here.videoDuration,
        orderIndex: here.orderIndex,
        isCompleted: here.isCompleted === 1,
        positionSeconds: here.positionSeconds ?? 0,
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
      db.delete(courseVideos).where(eq(courseVideos.id, found.video.id)),
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
    const done = firstRow(
      db
        .select({ n: count() })
        .from(videoProgress)
        .where(
          and(
            eq(videoProgress.userId, step.userId),
            eq(videoProgress.courseId, step.course.id),
            eq(videoProgress.isCompleted, true),
          ),
        ),
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
