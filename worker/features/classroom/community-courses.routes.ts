import { count, eq, sql } from "drizzle-orm";
import { classroom } from "../../../common/contract/classroom";
import { COURSES_MAX } from "../../../common/contract/limits";
import { newId } from "../../../common/ids";
import { levelForPoints } from "../../../common/levels";
import { assertWritable, memberOf } from "../../lib/access";
import { assertFeature, hasFeature, parsePlanFeatures, planFeaturesOf } from "../../lib/community-plan";
import { batch, type Db } from "../../lib/db";
import { AppError, forbidden } from "../../lib/errors";
import { canManage } from "../../lib/permissions";
import { respond } from "../../lib/respond";
import { ownUpload, assertOwnUpload } from "../../lib/own-upload";
import { route } from "../../lib/route";
import { sessionToken, sessionUserId } from "../../lib/session";
import { bare, bareList, firstRow, selectAs, type SelectAsRow, type Stored } from "../../lib/sql-names";
import { classroomCourses as courses, communities, userPoints } from "../../lib/tables";
import { assertOrder, positionIn } from "./course-writes";
import { communityCourses, oneCourse, toCourseCard } from "./courses.queries";

/**
 * The caller's all-time points in a community, for the level its courses unlock at, and the features
 * of its plan (whether it may add courses): one statement.
 */
const pointsOf = (token: string, communityId: string) => ({
  points: sql<Stored<typeof userPoints.points>>`coalesce((select ${userPoints.points} from ${userPoints}
    where ${userPoints.userId} = ${sessionUserId(token)} and ${userPoints.communityId} = ${communityId}), 0)`,
  plan_features: planFeaturesOf(communityId),
});

/** The community's plan features, for `assertFeature`: a statement for the route's batch. */
const planOf = (db: Db, communityId: string) =>
  db.get<{ plan_features: string | null } | undefined>(sql`select ${selectAs({ plan_features: planFeaturesOf(communityId) })}`);

/** /api/communities/:id/courses: the classroom page, new courses and their order. */
export const communityCoursesRoutes = [
  route(classroom.listCourses, async (c) => {
    // The access row, the caller's points and every course with the caller's progress: one round trip.
    const db = c.var.db;
    const token = await sessionToken(c);
    const communityId = c.req.valid("param").id;
    const member = memberOf(db, token, communityId);
    const points = db.get<SelectAsRow<ReturnType<typeof pointsOf>> | undefined>(
      sql`select ${selectAs(pointsOf(token, communityId))}`,
    );
    const courses = communityCourses(db, communityId, { token });
    const read = await batch(db, [member.query, points, courses]);
    const access = member.read(c, read(member.query));
    const learner = {
      level: levelForPoints(read(points)?.points ?? 0),
      canManage: canManage(access.actor, access.community, access.membership),
    };
    const planFeatures = parsePlanFeatures(read(points)?.plan_features);
    return respond(c, classroom.listCourses, {
      courses: read(courses)
        .filter((r) => r.published === 1 || learner.canManage)
        .map((r) => toCourseCard(r, learner)),
      viewerLevel: learner.level,
      canManage: learner.canManage,
      readOnly: access.community.archived,
      coursesIncluded: hasFeature({ planFeatures }, "courses"),
    });
  }),
  route(classroom.createCourse, async (c) => {
    // Two round trips: access, the plan's features, the course count and the image's owner; then the
    // course with its counter.
    const db = c.var.db;
    const token = await sessionToken(c);
    const communityId = c.req.valid("param").id;
    const body = c.req.valid("json");
    const member = memberOf(db, token, communityId);
    const existing = firstRow(db.select({ n: count() }).from(courses).where(eq(courses.communityId, communityId)));
    const image = ownUpload(db, token, "course_image", body.imageUrl);
    const plan = planOf(db, communityId);
    const checks = await batch(db, [member.query, plan, existing, ...(image ? [image] : [])]);
    const access = member.read(c, checks(member.query));
    assertWritable(access.community);
    if (!canManage(access.actor, access.community, access.membership))
      throw forbidden("Only the owner and admins can create courses.");
    // Free has no courses: 403 before anything is written (its existing courses stay editable).
    assertFeature({ planFeatures: parsePlanFeatures(checks(plan)?.plan_features) }, "courses");
    if ((checks(existing)?.n ?? 0) >= COURSES_MAX)
      throw new AppError("CONFLICT", `A community can have at most ${COURSES_MAX} courses.`);
    assertOwnUpload(image && checks(image));
    const id = newId();
    const now = Date.now();
    const created = oneCourse(db, id, { id: access.user.id });
    const read = await batch(db, [
      // The new course goes last: after the highest position so far.
      db.run(
        sql`insert into ${courses} (${bareList(
          courses.id,
          courses.communityId,
          courses.title,
          courses.description,
          courses.imageUrl,
          courses.createdBy,
          courses.requiredLevel,
          courses.published,
          courses.position,
          courses.videosCount,
          courses.enrollmentsCount,
          courses.createdAt,
          courses.updatedAt,
        )})
            select ${id}, ${communityId}, ${body.title}, ${body.description}, ${body.imageUrl}, ${access.user.id}, ${body.requiredLevel},
              ${body.published ? 1 : 0}, coalesce(max(${courses.position}), 0) + 1, 0, 0, ${now}, ${now}
            from ${courses} where ${courses.communityId} = ${communityId}`,
      ),
      // A template: the builder's update would also stamp the community's updated_at.
      db.run(
        sql`update ${communities} set ${bare(communities.coursesCount)} = ${communities.coursesCount} + 1 where ${communities.id} = ${communityId}`,
      ),
      created,
    ]);
    return respond(c, classroom.createCourse, { course: toCourseCard(read(created)[0]!, { level: 0, canManage: true }) });
  }),
  route(classroom.reorderCourses, async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const communityId = c.req.valid("param").id;
    const { courseIds } = c.req.valid("json");
    const member = memberOf(db, token, communityId);
    const existing = db.select({ id: courses.id }).from(courses).where(eq(courses.communityId, communityId));
    const checks = await batch(db, [member.query, existing]);
    const access = member.read(c, checks(member.query));
    assertWritable(access.community);
    if (!canManage(access.actor, access.community, access.membership))
      throw forbidden("Only the owner and admins can reorder courses.");
    assertOrder("courseIds", courseIds, checks(existing));
    await db
      .update(courses)
      .set({ position: positionIn(courses, courseIds), updatedAt: Date.now() })
      .where(eq(courses.communityId, communityId));
    return respond(c, classroom.reorderCourses, { ok: true });
  }),
];
