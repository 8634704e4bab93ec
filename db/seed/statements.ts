import { buildConversations, buildCourse, buildEvents } from "./build-activity.ts";
import { buildCommunities, buildPosts, buildUsers } from "./build-feed.ts";
import { buildAccountExtras, buildMembers, buildPoints, finishCounters } from "./build-finish.ts";
import { buildNotifications } from "./build-notifications.ts";
import { buildPayments } from "./build-payments.ts";
import { createContext } from "./context.ts";
import { insert } from "./sql.ts";

/** Parents before children, so every foreign key finds its row. */
const TABLE_ORDER = [
  "users",
  "accounts",
  "communities",
  "community_topics",
  "user_payment_methods",
  "payment_orders",
  "user_subscriptions",
  "community_members",
  "posts",
  "post_comments",
  "post_likes",
  "comment_likes",
  "community_events",
  "event_attendees",
  "classroom_courses",
  "course_videos",
  "course_enrollments",
  "video_progress",
  "conversations",
  "conversation_participants",
  "messages",
  "message_reactions",
  "point_events",
  "user_points",
  "point_days",
  "notifications",
  "support_tickets",
  "reports",
  "blocked_users",
] as const;

export type SeedOptions = {
  /** The moment the seed treats as now (ms); events and activity are placed around it. */
  now: number;
  /** A better-auth password hash, shared by every demo user. */
  passwordHash: string;
};

/**
 * The demo world as SQL statements (literals inlined, no bound parameters). Each is an insert that
 * does nothing when its row exists, so applying them again changes nothing.
 */
export function seedStatements({ now, passwordHash }: SeedOptions): string[] {
  const ctx = createContext(now);
  buildUsers(ctx, passwordHash);
  buildCommunities(ctx);
  buildPosts(ctx);
  const eventIds = buildEvents(ctx);
  const course = buildCourse(ctx);
  const messages = buildConversations(ctx);
  buildPayments(ctx);
  buildMembers(ctx);
  buildNotifications(ctx, eventIds, course, messages);
  buildPoints(ctx);
  buildAccountExtras(ctx);
  finishCounters(ctx);

  const unknown = [...ctx.rows.keys()].filter((t) => !(TABLE_ORDER as readonly string[]).includes(t));
  if (unknown.length) throw new Error(`seed: no place in TABLE_ORDER for ${unknown.join(", ")}`);
  return TABLE_ORDER.flatMap((table) => (ctx.rows.get(table) ?? []).map((row) => insert(table, row)));
}
