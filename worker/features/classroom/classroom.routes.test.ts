import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ClassroomPage, CourseCard, CourseDetail, Lesson, VideoPage } from "../../../common/contract/classroom";
import { COURSES_MAX, LESSONS_MAX } from "../../../common/contract/limits";
import { newId } from "../../../common/ids";
import { plans, type PlanId } from "../../../common/catalog";
import { addMember, call, createCommunity, createUser, expectError, uploadImage, type TestUser } from "../../../tests/factories";
import { parseQueryStats } from "../../lib/query-count";

const one = async <T>(sql: string, ...params: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...params)
      .first<{ n: T }>()
  )?.n;

const roundTrips = (res: Response) => parseQueryStats(res.headers.get("server-timing"))?.roundTrips;

async function world(opts: { plan?: PlanId } = {}) {
  const owner = await createUser({ name: "Owner Olga" });
  const admin = await createUser({ name: "Admin Ada" });
  const moderator = await createUser({ name: "Moderator Mo" });
  const member = await createUser({ name: "Member Mary" });
  const outsider = await createUser({ name: "Outsider" });
  // Courses are part of the Starter plan and above.
  const community = await createCommunity(owner.user.id, { plan: opts.plan ?? "starter" });
  await addMember(community.id, admin.user.id, "admin");
  await addMember(community.id, moderator.user.id, "moderator");
  await addMember(community.id, member.user.id);
  return { owner, admin, moderator, member, outsider, community };
}

const createCourse = (u: TestUser, communityId: string, body: object) =>
  call(`/api/communities/${communityId}/courses`, { body, cookie: u.cookie });
async function course(u: TestUser, communityId: string, body: object = {}) {
  const res = await createCourse(u, communityId, { title: "Modern React", ...body });
  expect(res.status).toBe(201);
  return ((await res.json()) as { course: CourseCard }).course;
}
const addVideo = (u: TestUser, courseId: string, body: object) =>
  call(`/api/courses/${courseId}/videos`, { body, cookie: u.cookie });
async function video(u: TestUser, courseId: string, body: object = {}) {
  const res = await addVideo(u, courseId, { title: "Lesson", videoUrl: "https://youtu.be/dQw4w9WgXcQ", ...body });
  expect(res.status).toBe(201);
  return ((await res.json()) as { lesson: Lesson }).lesson;
}
const get = async <T>(u: TestUser, path: string) => (await (await call(path, { cookie: u.cookie })).json()) as T;
const classroomOf = (u: TestUser, communityId: string) => get<ClassroomPage>(u, `/api/communities/${communityId}/courses`);
const enroll = (u: TestUser, courseId: string) => call(`/api/courses/${courseId}/enroll`, { method: "POST", cookie: u.cookie });
const complete = (u: TestUser, videoId: string) => call(`/api/videos/${videoId}/complete`, { method: "POST", cookie: u.cookie });
const notificationsOf = (userId: string, type: string) =>
  one<number>("select count(*) as n from notifications where recipient_id = ? and type = ?", userId, type);

async function setPoints(userId: string, communityId: string, points: number) {
  await env.DB.prepare("insert into user_points (user_id, community_id, points, updated_at) values (?, ?, ?, ?)")
    .bind(userId, communityId, points, Date.now())
    .run();
}

describe("courses", () => {
  it("lets the owner and admins create courses, counted on the community, and members see them", async () => {
    const w = await world();
    const image = await uploadImage(w.owner.cookie, "course_image");
    const created = await course(w.owner, w.community.id, {
      title: "  Modern React  ",
      description: "Hooks and more",
      imageUrl: image,
      requiredLevel: 2,
    });
    expect(created).toMatchObject({
      title: "Modern React",
      description: "Hooks and more",
      imageUrl: image,
      requiredLevel: 2,
      published: true,
      videosCount: 0,
      enrollmentsCount: 0,
      creator: { fullName: "Owner Olga" },
    });
    await course(w.admin, w.community.id, { title: "Second" });
    expect(await one("select courses_count as n from communities where id = ?", w.community.id)).toBe(2);
    const page = await classroomOf(w.member, w.community.id);
    expect(page.courses.map((c) => c.title)).toEqual(["Modern React", "Second"]);
    expect(page).toMatchObject({ canManage: false, viewerLevel: 1 });
    expect(page.courses[0]).toMatchObject({ locked: true, progress: 0, enrolled: false });
    expect((await classroomOf(w.owner, w.community.id)).canManage).toBe(true);
  });

  it.each([
    ["a member", "member", 403],
    ["a moderator", "moderator", 403],
    ["a non-member", "outsider", 404],
  ] as const)("refuses a course from %s and writes nothing", async (_n, who, status) => {
    const w = await world();
    await expectError(await createCourse(w[who], w.community.id, { title: "Mine" }), status);
    expect(await one("select count(*) as n from classroom_courses where community_id = ?", w.community.id)).toBe(0);
    expect(await one("select courses_count as n from communities where id = ?", w.community.id)).toBe(0);
  });

  it("answers guests 401 and non-members 404 on the classroom", async () => {
    const w = await world();
    await expectError(await call(`/api/communities/${w.community.id}/courses`), 401);
    await expectError(await call(`/api/communities/${w.community.id}/courses`, { cookie: w.outsider.cookie }), 404);
  });

  it.each([
    ["an empty title", { title: "   " }, "title", "Please enter a course title"],
    ["a title over 100", { title: "t".repeat(101) }, "title", "Title must be at most 100 characters"],
    [
      "a description over 2000",
      { title: "ok", description: "d".repeat(2001) },
      "description",
      "Description must be at most 2000 characters",
    ],
    ["level 0", { title: "ok", requiredLevel: 0 }, "requiredLevel", "Level must be at least 1"],
    ["level 10", { title: "ok", requiredLevel: 10 }, "requiredLevel", "Level must be at most 9"],
    [
      "an image from elsewhere",
      { title: "ok", imageUrl: "https://evil.test/x.png" },
      "imageUrl",
      "Images must be uploaded first",
    ],
    [
      "someone else's image",
      { title: "ok", imageUrl: "/files/course_image/0190c6a4-0000-7000-8000-000000000009.png" },
      "imageUrl",
      "Images must be uploaded first",
    ],
  ] as const)("refuses %s with a field issue and writes nothing", async (_n, body, path, message) => {
    const w = await world();
    const res = await createCourse(w.owner, w.community.id, body);
    const error = await expectError(res, 422, "VALIDATION_FAILED");
    expect(error.error.issues).toContainEqual({ path, message });
    expect(await one("select count(*) as n from classroom_courses where community_id = ?", w.community.id)).toBe(0);
  });

  it("takes titles of exactly 100 characters and courses up to the limit, then refuses the next one", async () => {
    const w = await world();
    await course(w.owner, w.community.id, { title: "t".repeat(100) });
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: COURSES_MAX - 1 }, (_, i) =>
        env.DB.prepare(
          "insert into classroom_courses (id, community_id, title, position, created_at, updated_at) values (?, ?, ?, ?, ?, ?)",
        ).bind(newId(), w.community.id, `Course ${i}`, i + 2, now, now),
      ),
    );
    const res = await createCourse(w.owner, w.community.id, { title: "One too many" });
    await expectError(res, 409, "CONFLICT");
    expect(await one("select count(*) as n from classroom_courses where community_id = ?", w.community.id)).toBe(COURSES_MAX);
  });

  it("edits, unpublishes (hidden from members), reorders and deletes courses", async () => {
    const w = await world();
    const a = await course(w.owner, w.community.id, { title: "A" });
    const b = await course(w.owner, w.community.id, { title: "B" });
    const edited = await call(`/api/courses/${a.id}`, {
      method: "PATCH",
      body: { title: "A2", published: false },
      cookie: w.admin.cookie,
    });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as { course: CourseCard }).course).toMatchObject({ title: "A2", published: false });
    expect((await classroomOf(w.member, w.community.id)).courses.map((c) => c.title)).toEqual(["B"]);
    await expectError(await call(`/api/courses/${a.id}`, { cookie: w.member.cookie }), 404);
    await expectError(await enroll(w.member, a.id), 404);

    const reorder = (u: TestUser, courseIds: string[]) =>
      call(`/api/communities/${w.community.id}/courses/order`, { method: "PUT", body: { courseIds }, cookie: u.cookie });
    await expectError(await reorder(w.member, [b.id, a.id]), 403);
    const partial = await expectError(await reorder(w.owner, [b.id]), 422);
    expect(partial.error.issues).toEqual([{ path: "courseIds", message: "The order must list every item exactly once" }]);
    expect((await reorder(w.owner, [b.id, a.id])).status).toBe(200);
    expect((await classroomOf(w.owner, w.community.id)).courses.map((c) => c.title)).toEqual(["B", "A2"]);

    await expectError(await call(`/api/courses/${b.id}`, { method: "DELETE", cookie: w.member.cookie }), 403);
    expect((await call(`/api/courses/${b.id}`, { method: "DELETE", cookie: w.owner.cookie })).status).toBe(200);
    expect(await one("select courses_count as n from communities where id = ?", w.community.id)).toBe(1);
  });

  it("is read-only in an archived community", async () => {
    const w = await world();
    const c = await course(w.owner, w.community.id);
    await video(w.owner, c.id);
    await env.DB.prepare("update communities set archived = 1 where id = ?").bind(w.community.id).run();
    await expectError(await createCourse(w.owner, w.community.id, { title: "New" }), 409, "READ_ONLY");
    await expectError(await enroll(w.member, c.id), 409, "READ_ONLY");
    await expectError(await addVideo(w.owner, c.id, { title: "x", videoUrl: "https://vimeo.com/1" }), 409, "READ_ONLY");
    expect((await classroomOf(w.member, w.community.id)).readOnly).toBe(true);
  });
});

describe("the plan's courses (DESIGN.md section 4)", () => {
  const coursesOf = (communityId: string) =>
    one<number>("select count(*) as n from classroom_courses where community_id = ?", communityId);

  it("on Free, creating a course is refused with the plan's explanation and writes nothing", async () => {
    const w = await world({ plan: "free" });
    for (const who of [w.owner, w.admin]) {
      const refused = await expectError(await createCourse(who, w.community.id, { title: "Modern React" }), 403, "FORBIDDEN");
      expect(refused.error.message).toBe("Courses are part of the Starter plan and above.");
    }
    expect(await coursesOf(w.community.id)).toBe(0);
    expect(await one("select courses_count as n from communities where id = ?", w.community.id)).toBe(0);
    // The classroom tells its managers why there is no Create Course.
    expect(await classroomOf(w.owner, w.community.id)).toMatchObject({ canManage: true, coursesIncluded: false, courses: [] });
  });

  it("on Starter, the owner creates a course", async () => {
    const w = await world({ plan: "starter" });
    const res = await createCourse(w.owner, w.community.id, { title: "Modern React" });
    expect(res.status).toBe(201);
    expect(await coursesOf(w.community.id)).toBe(1);
    expect((await classroomOf(w.owner, w.community.id)).coursesIncluded).toBe(true);
  });

  it("a community moved down to Free keeps its courses, readable and editable, and adds none", async () => {
    const w = await world({ plan: "starter" });
    const c = await course(w.owner, w.community.id);
    await env.DB.prepare("update communities set subscription_plan = 'free', plan_features = ? where id = ?")
      .bind(JSON.stringify(plans.free.features), w.community.id)
      .run();
    expect((await classroomOf(w.member, w.community.id)).courses.map((x) => x.id)).toEqual([c.id]);
    const edited = await call(`/api/courses/${c.id}`, { method: "PATCH", body: { title: "Still here" }, cookie: w.owner.cookie });
    expect(edited.status).toBe(200);
    await video(w.owner, c.id);
    expect((await enroll(w.member, c.id)).status).toBe(200);
    await expectError(await createCourse(w.owner, w.community.id, { title: "Another" }), 403, "FORBIDDEN");
    expect(await coursesOf(w.community.id)).toBe(1);
  });
});

describe("lessons", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10", "youtube", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ", "youtube", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ", "youtube", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://vimeo.com/76979871", "vimeo", "https://player.vimeo.com/video/76979871"],
    ["https://player.vimeo.com/video/76979871?h=abc", "vimeo", "https://player.vimeo.com/video/76979871"],
    ["https://cdn.example.com/lessons/intro.mp4", "file", "https://cdn.example.com/lessons/intro.mp4"],
    ["/media/sample-lesson.webm", "file", "/media/sample-lesson.webm"],
  ] as const)("stores %s as a safe %s embed", async (url, kind, src) => {
    const w = await world();
    const c = await course(w.owner, w.community.id);
    const lesson = await video(w.owner, c.id, { videoUrl: url });
    await enroll(w.member, c.id);
    const page = await get<VideoPage>(w.member, `/api/videos/${lesson.id}`);
    expect(page.video.embed).toEqual({ kind, src });
  });

  it.each([
    ["an empty title", { title: " ", videoUrl: "https://youtu.be/dQw4w9WgXcQ" }, "title", "Please fill in all required fields"],
    ["no URL", { title: "x", videoUrl: "" }, "videoUrl", "Please fill in all required fields"],
    ["a script URL", { title: "x", videoUrl: "javascript:alert(1)" }, "videoUrl", "Use a YouTube, Vimeo or direct video link"],
    [
      "a plain http link",
      { title: "x", videoUrl: "http://example.com/a.mp4" },
      "videoUrl",
      "Use a YouTube, Vimeo or direct video link",
    ],
    [
      "a web page",
      { title: "x", videoUrl: "https://example.com/page.html" },
      "videoUrl",
      "Use a YouTube, Vimeo or direct video link",
    ],
    [
      "a bad YouTube id",
      { title: "x", videoUrl: 'https://youtu.be/abc"><script>' },
      "videoUrl",
      "Use a YouTube, Vimeo or direct video link",
    ],
    [
      "a URL over 500",
      { title: "x", videoUrl: `https://a.test/${"v".repeat(490)}.mp4` },
      "videoUrl",
      "Video URL must be at most 500 characters",
    ],
    ["a bad duration", { title: "x", videoUrl: "https://vimeo.com/1", duration: "1:75" }, "duration", "Duration must be MM:SS"],
    [
      "over ten hours",
      { title: "x", videoUrl: "https://vimeo.com/1", duration: "600:01" },
      "duration",
      "Duration must be at most 10 hours",
    ],
  ] as const)("refuses %s and writes nothing", async (_n, body, path, message) => {
    const w = await world();
    const c = await course(w.owner, w.community.id);
    const error = await expectError(await addVideo(w.owner, c.id, body), 422);
    expect(error.error.issues).toContainEqual({ path, message });
    expect(await one("select videos_count as n from classroom_courses where id = ?", c.id)).toBe(0);
  });

  it("stores durations in seconds, orders new lessons last, counts them, reorders and deletes them", async () => {
    const w = await world();
    const c = await course(w.owner, w.community.id);
    const first = await video(w.owner, c.id, { title: "One", duration: "12:30" });
    const second = await video(w.admin, c.id, { title: "Two", duration: "5" });
    const third = await video(w.owner, c.id, { title: "Three", duration: "600:00" });
    expect([first.duration, second.duration, third.duration]).toEqual([750, 300, 36000]);
    expect([first.orderIndex, second.orderIndex, third.orderIndex]).toEqual([1, 2, 3]);
    expect(await one("select videos_count as n from classroom_courses where id = ?", c.id)).toBe(3);
    await expectError(await addVideo(w.member, c.id, { title: "x", videoUrl: "https://vimeo.com/1" }), 403);

    const order = (u: TestUser, videoIds: string[]) =>
      call(`/api/courses/${c.id}/videos/order`, { method: "PUT", body: { videoIds }, cookie: u.cookie });
    await expectError(await order(w.member, [third.id, first.id, second.id]), 403);
    await expectError(await order(w.owner, [third.id, first.id, first.id]), 422);
    expect((await order(w.owner, [third.id, first.id, second.id])).status).toBe(200);
    const detail = await get<CourseDetail>(w.member, `/api/courses/${c.id}`);
    expect(detail.lessons.map((l) => l.title)).toEqual(["Three", "One", "Two"]);
    expect(detail.course.totalDuration).toBe(750 + 300 + 36000);

    await expectError(await call(`/api/videos/${second.id}`, { method: "DELETE", cookie: w.member.cookie }), 403);
    expect((await call(`/api/videos/${second.id}`, { method: "DELETE", cookie: w.owner.cookie })).status).toBe(200);
    expect(await one("select videos_count as n from classroom_courses where id = ?", c.id)).toBe(2);
  });

  it("takes lessons up to the limit and refuses the next one", async () => {
    const w = await world();
    const c = await course(w.owner, w.community.id);
    const now = Date.now();
    await env.DB.batch([
      ...Array.from({ length: LESSONS_MAX }, (_, i) =>
        env.DB.prepare(
          "insert into course_videos (id, course_id, title, video_url, order_index, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)",
        ).bind(newId(), c.id, `L${i}`, "https://player.vimeo.com/video/1", i + 1, now, now),
      ),
      env.DB.prepare("update classroom_courses set videos_count = ? where id = ?").bind(LESSONS_MAX, c.id),
    ]);
    await expectError(await addVideo(w.owner, c.id, { title: "x", videoUrl: "https://vimeo.com/1" }), 409, "CONFLICT");
    expect(await one("select count(*) as n from course_videos where course_id = ?", c.id)).toBe(LESSONS_MAX);
  });

  it("answers 'Course not found' and 'Video not found' for unknown ids and other communities' objects", async () => {
    const w = await world();
    const c = await course(w.owner, w.community.id);
    const v = await video(w.owner, c.id);
    expect((await expectError(await call("/api/courses/nope", { cookie: w.member.cookie }), 404)).error.message).toBe(
      "Course not found.",
    );
    expect((await expectError(await call("/api/videos/nope", { cookie: w.member.cookie }), 404)).error.message).toBe(
      "Video not found.",
    );
    await expectError(await call(`/api/courses/${c.id}`, { cookie: w.outsider.cookie }), 404);
    await expectError(await call(`/api/videos/${v.id}`, { cookie: w.outsider.cookie }), 404);
    await expectError(await call(`/api/videos/${v.id}`), 401);
  });
});

describe("learning", () => {
  it("enrolls once, counts it, and tells the course's creator once", async () => {
    const w = await world();
    const c = await course(w.owner, w.community.id);
    const res = await enroll(w.member, c.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ courseId: c.id, enrolled: true, enrollmentsCount: 1 });
    expect((await enroll(w.member, c.id)).status).toBe(200);
    expect(await one("select enrollments_count as n from classroom_courses where id = ?", c.id)).toBe(1);
    expect(await notificationsOf(w.owner.user.id, "COURSE_ENROLLMENT")).toBe(1);
    await enroll(w.owner, c.id);
    expect(await notificationsOf(w.owner.user.id, "COURSE_ENROLLMENT")).toBe(1);
    const cards = (await classroomOf(w.member, w.community.id)).courses;
    expect(cards[0]).toMatchObject({ enrolled: true, enrollmentsCount: 2 });
  });

  it("refuses lessons, enrollment and progress of a course above the learner's level, and opens it at that level", async () => {
    const w = await world();
    const c = await course(w.owner, w.community.id, { requiredLevel: 3 });
    const v = await video(w.owner, c.id);
    const locked = await expectError(await enroll(w.member, c.id), 403, "FORBIDDEN");
    expect(locked.error.message).toBe("This course unlocks at level 3.");
    await expectError(await call(`/api/videos/${v.id}`, { cookie: w.member.cookie }), 403);
    await expectError(await complete(w.member, v.id), 403);
    expect(await one("select count(*) as n from course_enrollments where course_id = ?", c.id)).toBe(0);
    const detail = await get<CourseDetail>(w.member, `/api/courses/${c.id}`);
    expect(detail.course).toMatchObject({ locked: true, requiredLevel: 3 });
    // The owner and admins are never locked out of their own courses.
    expect((await call(`/api/videos/${v.id}`, { cookie: w.admin.cookie })).status).toBe(200);

    await setPoints(w.member.user.id, w.community.id, 20);
    expect((await classroomOf(w.member, w.community.id)).viewerLevel).toBe(3);
    expect((await enroll(w.member, c.id)).status).toBe(200);
    expect((await call(`/api/videos/${v.id}`, { cookie: w.member.cookie })).status).toBe(200);
  });

  it("marks lessons complete, moves progress and completes the course once with one notification", async () => {
    const w = await world();
    const c = await course(w.owner, w.community.id, { title: "Modern React" });
    const a = await video(w.owner, c.id, { title: "A" });
    const b = await video(w.owner, c.id, { title: "B" });
    await expectError(await complete(w.member, a.id), 409, "CONFLICT");
    await enroll(w.member, c.id);
    const first = await complete(w.member, a.id);
    expect(await first.json()).toEqual({ videoId: a.id, isCompleted: true, progress: 50, courseCompleted: false });
    expect(await notificationsOf(w.member.user.id, "COURSE_COMPLETED")).toBe(0);
    const last = await complete(w.member, b.id);
    expect(await last.json()).toEqual({ videoId: b.id, isCompleted: true, progress: 100, courseCompleted: true });
    expect((await complete(w.member, b.id)).status).toBe(200);
    expect(await notificationsOf(w.member.user.id, "COURSE_COMPLETED")).toBe(1);
    const data = await one<string>(
      "select data as n from notifications where recipient_id = ? and type = 'COURSE_COMPLETED'",
      w.member.user.id,
    );
    expect(JSON.parse(data!)).toEqual({ course: "Modern React" });
    const card = (await classroomOf(w.member, w.community.id)).courses[0]!;
    expect(card).toMatchObject({ progress: 100, completedCount: 2 });
    expect(card.completedAt).not.toBeNull();
    const page = await get<VideoPage>(w.member, `/api/videos/${a.id}`);
    expect(page).toMatchObject({ previous: null, next: { id: b.id, title: "B" }, course: { progress: 100 } });
  });

  it("saves the watch position, resumes there, and completes a lesson watched to 90%", async () => {
    const w = await world();
    const c = await course(w.owner, w.community.id);
    const v = await video(w.owner, c.id, { videoUrl: "/media/sample-lesson.webm", duration: "1:40" });
    await enroll(w.member, c.id);
    const watch = (body: object) => call(`/api/videos/${v.id}/position`, { method: "PUT", body, cookie: w.member.cookie });
    const early = await watch({ seconds: 42.5 });
    expect(await early.json()).toMatchObject({ isCompleted: false, progress: 0 });
    expect((await get<VideoPage>(w.member, `/api/videos/${v.id}`)).video.positionSeconds).toBe(42);
    await expectError(await watch({ seconds: -1 }), 422);
    const far = await watch({ seconds: 27, duration: 30 });
    expect(await far.json()).toMatchObject({ isCompleted: true, progress: 100, courseCompleted: true });
    expect(await notificationsOf(w.member.user.id, "COURSE_COMPLETED")).toBe(1);
  });

  it("reads the classroom, a course and a lesson in one round trip and enrolls and completes in two", async () => {
    const w = await world();
    const c = await course(w.owner, w.community.id);
    const lessons = [];
    for (let i = 0; i < 5; i++) lessons.push(await video(w.owner, c.id, { title: `L${i}` }));
    const enrolled = await enroll(w.member, c.id);
    expect(roundTrips(enrolled)).toBe(2);
    const completed = await complete(w.member, lessons[0]!.id);
    expect(roundTrips(completed)).toBe(2);
    for (const path of [`/api/communities/${w.community.id}/courses`, `/api/courses/${c.id}`, `/api/videos/${lessons[2]!.id}`]) {
      const res = await call(path, { cookie: w.member.cookie });
      expect(res.status).toBe(200);
      expect(roundTrips(res)).toBe(1);
    }
  });
});
