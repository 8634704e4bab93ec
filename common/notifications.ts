/** Every kind of notification the product writes (spec 000 section 9, DESIGN section 4). */
export const notificationTypes = [
  "POST_LIKE",
  "COMMENT_LIKE",
  "POST_COMMENT",
  "COMMENT_REPLY",
  "MESSAGE",
  "EVENT_CREATED",
  "EVENT_REMINDER",
  "COURSE_ENROLLMENT",
  "COURSE_COMPLETED",
  "ACHIEVEMENT_EARNED",
  "COMMUNITY_JOIN",
  "COMMUNITY_INVITE",
  "COMMUNITY_ROLE_CHANGE",
  "MENTION",
  "SYSTEM_ANNOUNCEMENT",
] as const;
export type NotificationType = (typeof notificationTypes)[number];
