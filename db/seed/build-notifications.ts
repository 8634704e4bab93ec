import type { NotificationData, NotificationType } from "../../common/notifications.ts";
import { EVENTS } from "./events.ts";
import { NOTIFICATIONS, type SeedNotification } from "./notifications.ts";
import { COMMUNITIES } from "./communities.ts";
import { must, push, type BuiltComment, type SeedContext } from "./context.ts";
import type { BuiltCourse, BuiltMessage } from "./build-activity.ts";
import { seedId, uid } from "./people.ts";

type Made = {
  recipient: string;
  sender: string | null;
  community: string | null;
  type: NotificationType;
  content: string;
  at: number;
  postId?: string;
  commentId?: string;
  eventId?: string;
  courseId?: string;
  conversationId?: string;
  data?: NotificationData;
};

function comment(ctx: SeedContext, post: string, index: number): BuiltComment {
  return must(must(ctx.posts.get(post), post).comments[index], `comment ${index} of ${post}`);
}

/** Each seeded notification is derived from the action it reports, so sender, time and target agree. */
function make(
  ctx: SeedContext,
  n: SeedNotification,
  eventIds: Map<string, string>,
  course: BuiltCourse,
  messages: Map<string, BuiltMessage>,
): Made {
  switch (n.kind) {
    case "post_like": {
      const p = must(ctx.posts.get(n.post), n.post);
      const at = must(p.likes.get(n.liker), `${n.liker}'s like of ${n.post}`);
      return {
        recipient: p.author,
        sender: n.liker,
        community: p.community,
        type: "POST_LIKE",
        content: p.headline,
        at,
        postId: p.id,
      };
    }
    case "post_comment": {
      const p = must(ctx.posts.get(n.post), n.post);
      const c = comment(ctx, n.post, n.comment);
      return {
        recipient: p.author,
        sender: c.author,
        community: p.community,
        type: "POST_COMMENT",
        content: c.content,
        at: c.at,
        postId: p.id,
        commentId: c.id,
      };
    }
    case "comment_reply": {
      const p = must(ctx.posts.get(n.post), n.post);
      const c = comment(ctx, n.post, n.comment);
      const r = must(c.replies[n.reply], `reply ${n.reply}`);
      return {
        recipient: c.author,
        sender: r.author,
        community: p.community,
        type: "COMMENT_REPLY",
        content: r.content,
        at: r.at,
        postId: p.id,
        commentId: r.id,
      };
    }
    case "comment_like": {
      const p = must(ctx.posts.get(n.post), n.post);
      const c = comment(ctx, n.post, n.comment);
      const at = must(c.likes.get(n.liker), `${n.liker}'s like of a comment`);
      return {
        recipient: c.author,
        sender: n.liker,
        community: p.community,
        type: "COMMENT_LIKE",
        content: c.content,
        at,
        postId: p.id,
        commentId: c.id,
      };
    }
    case "message": {
      const m = must(messages.get(`${n.conversation}:${n.message}`), n.message);
      return {
        recipient: n.recipient,
        sender: m.sender,
        community: m.community,
        type: "MESSAGE",
        content: m.content,
        at: m.at,
        conversationId: m.conversationId,
      };
    }
    case "event_created": {
      const e = must(
        EVENTS.find((x) => x.key === n.event),
        n.event,
      );
      const row = must(
        ctx.rows.get("community_events")?.find((r) => r.id === eventIds.get(n.event)),
        n.event,
      );
      return {
        recipient: n.recipient,
        sender: e.creator,
        community: e.community,
        type: "EVENT_CREATED",
        content: e.name,
        at: row.created_at as number,
        eventId: row.id as string,
      };
    }
    case "course_enrollment": {
      const at = must(course.enrolledAt.get(n.user), `${n.user}'s enrollment`);
      return {
        recipient: course.createdBy,
        sender: n.user,
        community: course.community,
        type: "COURSE_ENROLLMENT",
        content: course.title,
        at,
        courseId: course.id,
      };
    }
    case "course_completed": {
      const at = must(course.completedAt.get(n.user), `${n.user}'s completion`);
      return {
        recipient: n.user,
        sender: null,
        community: course.community,
        type: "COURSE_COMPLETED",
        content: "",
        data: { course: course.title },
        at,
        courseId: course.id,
      };
    }
    case "community_join": {
      const c = must(
        COMMUNITIES.find((x) => x.key === n.community),
        n.community,
      );
      const at = must(ctx.joinedAt.get(`${n.community}:${n.user}`), `${n.user} in ${n.community}`);
      return {
        recipient: c.creator,
        sender: n.user,
        community: c.key,
        type: "COMMUNITY_JOIN",
        content: "",
        at,
      };
    }
    case "community_approved": {
      const c = must(
        COMMUNITIES.find((x) => x.key === n.community),
        n.community,
      );
      const row = must(
        ctx.rows.get("communities")?.find((r) => r.id === ctx.communityId.get(c.key)),
        c.key,
      );
      if (typeof row.reviewed_at !== "number") throw new Error(`seed: ${c.key} was never approved`);
      return {
        recipient: c.creator,
        sender: null,
        community: c.key,
        type: "SYSTEM_ANNOUNCEMENT",
        content: "",
        data: { kind: "review", decision: "approve" },
        at: row.reviewed_at,
      };
    }
  }
}

export function buildNotifications(
  ctx: SeedContext,
  eventIds: Map<string, string>,
  course: BuiltCourse,
  messages: Map<string, BuiltMessage>,
): void {
  NOTIFICATIONS.forEach((n, i) => {
    const m = make(ctx, n, eventIds, course, messages);
    if (m.sender === m.recipient) throw new Error(`seed: notification ${i} is about the recipient's own action`);
    push(ctx, "notifications", {
      id: seedId(12, i + 1),
      recipient_id: uid(m.recipient),
      sender_id: m.sender ? uid(m.sender) : null,
      community_id: m.community ? must(ctx.communityId.get(m.community), m.community) : null,
      type: m.type,
      content: m.content,
      is_read: n.read,
      post_id: m.postId ?? null,
      comment_id: m.commentId ?? null,
      event_id: m.eventId ?? null,
      course_id: m.courseId ?? null,
      conversation_id: m.conversationId ?? null,
      data: m.data ?? null,
      created_at: m.at,
    });
  });
}
