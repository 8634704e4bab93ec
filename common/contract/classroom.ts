import { z } from "zod";
import { MAX_LEVEL } from "../levels";
import { parseDuration, toVideoEmbed } from "../video-embed";
import { endpoint, idParam, ok } from "./http";
import {
  COURSE_DESCRIPTION_MAX,
  COURSE_TITLE_MAX,
  COURSES_MAX,
  LESSON_DESCRIPTION_MAX,
  LESSON_DURATION_MAX,
  LESSON_TITLE_MAX,
  LESSON_URL_MAX,
  LESSONS_MAX,
} from "./limits";
import { multiLine, singleLine } from "./text";

/** The classroom: courses, their lessons (videos), enrollment and progress (spec 001 sections 2 to 9). */

const courseImageUrl = z
  .string()
  .regex(/^\/files\/course_image\/[0-9a-f-]{36}\.(jpg|png|webp|gif)$/, "Images must be uploaded first");

const optionalText = (label: string, max: number) =>
  multiLine(label, { max, min: 0 })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

const requiredLevel = z.coerce
  .number({ error: "Level must be a number" })
  .int("Level must be a whole number")
  .min(1, "Level must be at least 1")
  .max(MAX_LEVEL, `Level must be at most ${MAX_LEVEL}`);

// Requests: the messages are what the web shows under the fields.

export const courseBody = z.object({
  title: singleLine("Title", { max: COURSE_TITLE_MAX, required: "Please enter a course title" }),
  description: optionalText("Description", COURSE_DESCRIPTION_MAX),
  imageUrl: courseImageUrl
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  requiredLevel: requiredLevel.default(1),
  published: z.boolean({ error: "Published must be true or false" }).default(true),
});
export type CourseBody = z.output<typeof courseBody>;

export const editCourseBody = z
  .object({
    title: courseBody.shape.title,
    description: optionalText("Description", COURSE_DESCRIPTION_MAX),
    imageUrl: courseImageUrl.nullable(),
    requiredLevel,
    published: z.boolean({ error: "Published must be true or false" }),
  })
  .partial();

const orderOf = (label: string, max: number) =>
  z
    .array(idParam, { error: `${label} must be a list of ids` })
    .min(1, `${label} must not be empty`)
    .max(max, `${label} can hold at most ${max} ids`)
    .refine((ids) => new Set(ids).size === ids.length, `${label} must not repeat an id`);

export const courseOrderBody = z.object({ courseIds: orderOf("Course order", COURSES_MAX) });
export const videoOrderBody = z.object({ videoIds: orderOf("Lesson order", LESSONS_MAX) });

/** A lesson as the Add Video form sends it: the link is stored as its safe embed, the duration in seconds. */
export const videoBody = z.object({
  title: singleLine("Title", { max: LESSON_TITLE_MAX, required: "Please fill in all required fields" }),
  description: optionalText("Description", LESSON_DESCRIPTION_MAX),
  videoUrl: z
    .string({ error: "Please fill in all required fields" })
    .trim()
    .min(1, "Please fill in all required fields")
    .max(LESSON_URL_MAX, `Video URL must be at most ${LESSON_URL_MAX} characters`)
    .transform((url, ctx) => {
      const embed = toVideoEmbed(url);
      if (!embed) {
        ctx.addIssue({ code: "custom", message: "Use a YouTube, Vimeo or direct video link" });
        return z.NEVER;
      }
      return embed.src;
    }),
  duration: z
    .string({ error: "Duration must be MM:SS" })
    .max(10, "Duration must be MM:SS")
    .optional()
    .transform((text, ctx) => {
      const seconds = parseDuration(text ?? "");
      if (seconds === null) {
        ctx.addIssue({ code: "custom", message: "Duration must be MM:SS" });
        return z.NEVER;
      }
      if (seconds > LESSON_DURATION_MAX) {
        ctx.addIssue({ code: "custom", message: `Duration must be at most ${LESSON_DURATION_MAX / 3600} hours` });
        return z.NEVER;
      }
      return seconds;
    }),
});
export type VideoBody = z.output<typeof videoBody>;

/** Where the player is; `duration` is the length the player measured (direct files), for the 90% rule. */
export const watchBody = z.object({
  seconds: z.number({ error: "Seconds must be a number" }).min(0, "Seconds must not be negative").max(LESSON_DURATION_MAX),
  duration: z.number({ error: "Duration must be a number" }).positive().max(LESSON_DURATION_MAX).optional(),
});

export const communityParams = z.object({ id: idParam });
export const courseParams = z.object({ courseId: idParam });
export const videoParams = z.object({ videoId: idParam });

// Responses.

const person = z.object({ id: z.string(), fullName: z.string(), avatarUrl: z.string().nullable() });

export const courseCard = z.object({
  id: z.string(),
  communityId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  creator: person.nullable(),
  requiredLevel: z.number(),
  /** The viewer's level is below `requiredLevel` (never for the owner and admins). */
  locked: z.boolean(),
  published: z.boolean(),
  position: z.number(),
  videosCount: z.number(),
  enrollmentsCount: z.number(),
  /** Seconds, all lessons together. */
  totalDuration: z.number(),
  enrolled: z.boolean(),
  completedCount: z.number(),
  /** Completed lessons over all lessons, as a rounded percent. */
  progress: z.number(),
  completedAt: z.number().nullable(),
  createdAt: z.number(),
});
export type CourseCard = z.output<typeof courseCard>;

export const lesson = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  duration: z.number(),
  orderIndex: z.number(),
  isCompleted: z.boolean(),
});
export type Lesson = z.output<typeof lesson>;

export const classroomPage = z.object({
  courses: z.array(courseCard),
  viewerLevel: z.number(),
  /** Owner and admins: Create Course and Classroom Management. */
  canManage: z.boolean(),
  readOnly: z.boolean(),
  /**
   * The community's plan includes courses. Without it (Free) its courses stay, readable and editable,
   * but no new one is created: the page explains the plan instead of offering Create Course.
   */
  coursesIncluded: z.boolean(),
});
export type ClassroomPage = z.output<typeof classroomPage>;

export const courseDetail = z.object({
  course: courseCard,
  lessons: z.array(lesson),
  viewerLevel: z.number(),
  canManage: z.boolean(),
  readOnly: z.boolean(),
});
export type CourseDetail = z.output<typeof courseDetail>;

const lessonRef = z.object({ id: z.string(), title: z.string() }).nullable();

export const videoPage = z.object({
  video: lesson.extend({
    courseId: z.string(),
    embed: z.object({ kind: z.enum(["youtube", "vimeo", "file"]), src: z.string() }),
    positionSeconds: z.number(),
    /** Its place in the course, from 1. */
    number: z.number(),
  }),
  course: z.object({
    id: z.string(),
    communityId: z.string(),
    title: z.string(),
    enrolled: z.boolean(),
    progress: z.number(),
    videosCount: z.number(),
  }),
  previous: lessonRef,
  next: lessonRef,
  readOnly: z.boolean(),
});
export type VideoPage = z.output<typeof videoPage>;

const enrollment = z.object({ courseId: z.string(), enrolled: z.literal(true), enrollmentsCount: z.number() });
const completion = z.object({
  videoId: z.string(),
  isCompleted: z.boolean(),
  progress: z.number(),
  courseCompleted: z.boolean(),
});

export const classroom = {
  listCourses: endpoint("GET", "/api/communities/:id/courses", { params: communityParams, response: classroomPage }),
  createCourse: endpoint("POST", "/api/communities/:id/courses", {
    params: communityParams,
    body: courseBody,
    response: z.object({ course: courseCard }),
    status: 201,
  }),
  reorderCourses: endpoint("PUT", "/api/communities/:id/courses/order", {
    params: communityParams,
    body: courseOrderBody,
    response: ok,
  }),
  getCourse: endpoint("GET", "/api/courses/:courseId", { params: courseParams, response: courseDetail }),
  editCourse: endpoint("PATCH", "/api/courses/:courseId", {
    params: courseParams,
    body: editCourseBody,
    response: z.object({ course: courseCard }),
  }),
  deleteCourse: endpoint("DELETE", "/api/courses/:courseId", { params: courseParams, response: ok }),
  enroll: endpoint("POST", "/api/courses/:courseId/enroll", { params: courseParams, response: enrollment }),
  addVideo: endpoint("POST", "/api/courses/:courseId/videos", {
    params: courseParams,
    body: videoBody,
    response: z.object({ lesson }),
    status: 201,
  }),
  reorderVideos: endpoint("PUT", "/api/courses/:courseId/videos/order", {
    params: courseParams,
    body: videoOrderBody,
    response: ok,
  }),
  getVideo: endpoint("GET", "/api/videos/:videoId", { params: videoParams, response: videoPage }),
  deleteVideo: endpoint("DELETE", "/api/videos/:videoId", { params: videoParams, response: ok }),
  completeVideo: endpoint("POST", "/api/videos/:videoId/complete", { params: videoParams, response: completion }),
  saveWatchPosition: endpoint("PUT", "/api/videos/:videoId/position", {
    params: videoParams,
    body: watchBody,
    response: completion,
  }),
};
