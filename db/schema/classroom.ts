import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { counter, createdAt, flag, idColumn, millis, updatedAt } from "./columns";
import { communities } from "./communities";

export const classroomCourses = sqliteTable(
  "classroom_courses",
  {
    id: idColumn(),
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    imageUrl: text("image_url"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    /** The community level (common/levels.ts) a member needs to open the course; 1 opens it to everyone. */
    requiredLevel: integer("required_level", { mode: "number" }).notNull().default(1),
    /** Unpublished courses are drafts: only the owner and admins see them. */
    published: flag("published", true),
    /** Place on the classroom page, set by the owner's reordering; new courses go last. */
    position: integer("position", { mode: "number" }).notNull().default(0),
    videosCount: counter("videos_count"),
    enrollmentsCount: counter("enrollments_count"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("classroom_courses_community_idx").on(t.communityId, t.createdAt),
    index("classroom_courses_position_idx").on(t.communityId, t.position),
  ],
);

export const courseVideos = sqliteTable(
  "course_videos",
  {
    id: idColumn(),
    courseId: text("course_id")
      .notNull()
      .references(() => classroomCourses.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    /** Stored as an embed URL (YouTube, Vimeo) or a direct link. */
    videoUrl: text("video_url").notNull(),
    /** Seconds. */
    videoDuration: integer("video_duration", { mode: "number" }).notNull().default(0),
    orderIndex: integer("order_index", { mode: "number" }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("course_videos_order_idx").on(t.courseId, t.orderIndex)],
);

export const courseEnrollments = sqliteTable(
  "course_enrollments",
  {
    courseId: text("course_id")
      .notNull()
      .references(() => classroomCourses.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    enrolledAt: millis("enrolled_at")
      .notNull()
      .$defaultFn(() => Date.now()),
    /** Set once, when the last video is completed, so COURSE_COMPLETED is sent once. */
    completedAt: millis("completed_at"),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId] }), index("course_enrollments_user_idx").on(t.userId, t.enrolledAt)],
);

export const videoProgress = sqliteTable(
  "video_progress",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    videoId: text("video_id")
      .notNull()
      .references(() => courseVideos.id, { onDelete: "cascade" }),
    courseId: text("course_id")
      .notNull()
      .references(() => classroomCourses.id, { onDelete: "cascade" }),
    isCompleted: flag("is_completed", false),
    /** Where the learner stopped, in seconds, so the lesson resumes there. */
    positionSeconds: integer("position_seconds", { mode: "number" }).notNull().default(0),
    completedAt: millis("completed_at"),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    index("video_progress_user_course_idx").on(t.userId, t.courseId),
    index("video_progress_video_idx").on(t.videoId),
  ],
);
