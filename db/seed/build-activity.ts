import { CONVERSATIONS } from "./chats.ts";
import { COURSE } from "./classroom.ts";
import { EVENTS } from "./events.ts";
import { actionTime, ago, DAY, HOUR, MINUTE, must, push, tbilisiTime, type SeedContext } from "./context.ts";
import { seedId, uid } from "./people.ts";

/** Events in both directions from the seed run, with attendees. Returns event ids by key. */
export function buildEvents(ctx: SeedContext): Map<string, string> {
  const ids = new Map<string, string>();
  EVENTS.forEach((e, i) => {
    const id = seedId(7, i + 1);
    ids.set(e.key, id);
    const createdAt = actionTime(ctx, e.community, e.creator, ago(ctx, e.createdDaysAgo), 0);
    const start = tbilisiTime(ctx, e.start.day, e.start.hour, e.start.minute ?? 0);
    push(ctx, "community_events", {
      id,
      community_id: must(ctx.communityId.get(e.community), e.community),
      name: e.name,
      description: e.description,
      location: e.location,
      start_time: start,
      end_time: start + e.minutes * MINUTE,
      time_zone: "Asia/Tbilisi",
      event_type: e.eventType,
      created_by: uid(e.creator),
      image_url: null,
      event_url: e.eventUrl,
      attendees_count: e.attendees.length,
      created_at: createdAt,
      updated_at: createdAt,
    });
    e.attendees.forEach((user, k) => {
      push(ctx, "event_attendees", {
        event_id: id,
        profile_id: uid(user),
        created_at: actionTime(ctx, e.community, user, createdAt, 30 * (k + 1)),
      });
    });
  });
  return ids;
}

export type BuiltCourse = {
  id: string;
  createdBy: string;
  community: string;
  title: string;
  enrolledAt: Map<string, number>;
  completedAt: Map<string, number>;
};

/** One course with its videos, enrollments and per-video progress. */
export function buildCourse(ctx: SeedContext): BuiltCourse {
  const id = seedId(8, 1);
  const createdAt = actionTime(ctx, COURSE.community, COURSE.creator, ago(ctx, COURSE.createdDaysAgo), 0);
  push(ctx, "classroom_courses", {
    id,
    community_id: must(ctx.communityId.get(COURSE.community), COURSE.community),
    title: COURSE.title,
    description: COURSE.description,
    image_url: null,
    created_by: uid(COURSE.creator),
    videos_count: COURSE.videos.length,
    enrollments_count: COURSE.enrollments.length,
    created_at: createdAt,
    updated_at: createdAt,
  });
  const videoIds = COURSE.videos.map((v, i) => {
    const videoId = seedId(9, i + 1);
    push(ctx, "course_videos", {
      id: videoId,
      course_id: id,
      title: v.title,
      description: v.description,
      video_url: v.videoUrl,
      video_duration: v.seconds,
      order_index: i + 1,
      created_at: createdAt + i * HOUR,
      updated_at: createdAt + i * HOUR,
    });
    return videoId;
  });
  const built: BuiltCourse = {
    id,
    createdBy: COURSE.creator,
    community: COURSE.community,
    title: COURSE.title,
    enrolledAt: new Map(),
    completedAt: new Map(),
  };
  for (const en of COURSE.enrollments) {
    const enrolledAt = actionTime(ctx, COURSE.community, en.user, ago(ctx, en.daysAgo), 0);
    built.enrolledAt.set(en.user, enrolledAt);
    let last = enrolledAt;
    for (const index of en.completed) {
      last = last + DAY / 2;
      push(ctx, "video_progress", {
        user_id: uid(en.user),
        video_id: must(videoIds[index], `video ${index}`),
        course_id: id,
        is_completed: true,
        completed_at: last,
        updated_at: last,
      });
    }
    const done = en.completed.length === COURSE.videos.length;
    if (done) built.completedAt.set(en.user, last);
    push(ctx, "course_enrollments", {
      course_id: id,
      user_id: uid(en.user),
      enrolled_at: enrolledAt,
      completed_at: done ? last : null,
    });
  }
  return built;
}

export type BuiltMessage = {
  id: string;
  conversationId: string;
  community: string | null;
  sender: string;
  content: string;
  at: number;
};

/** Conversations with participants, messages and reactions; last-message fields and read marks follow the rows. */
export function buildConversations(ctx: SeedContext): Map<string, BuiltMessage> {
  const built = new Map<string, BuiltMessage>();
  let messageN = 0;
  CONVERSATIONS.forEach((c, i) => {
    const id = seedId(10, i + 1);
    const createdAt = ago(ctx, c.createdDaysAgo);
    const messages = c.messages.map((m) => {
      messageN += 1;
      const at = ctx.now - m.minutesAgo * MINUTE;
      if (at < createdAt) throw new Error(`seed: message ${m.key} predates its conversation`);
      const msg: BuiltMessage = {
        id: seedId(11, messageN),
        conversationId: id,
        community: c.community,
        sender: m.sender,
        content: m.content,
        at,
      };
      built.set(`${c.key}:${m.key}`, msg);
      return { seed: m, msg };
    });
    const last = must(messages.at(-1), `messages of ${c.key}`).msg;
    if (c.type === "direct" && c.participants.length !== 2) throw new Error(`seed: ${c.key} is direct with other than 2 people`);
    const [a, b] = c.participants.map((p) => uid(p.user));
    push(ctx, "conversations", {
      id,
      type: c.type,
      name: c.name,
      description: c.description,
      community_id: c.community ? must(ctx.communityId.get(c.community), c.community) : null,
      direct_key: c.type === "direct" && a && b ? (a < b ? `${a}:${b}` : `${b}:${a}`) : null,
      member_count: c.participants.length,
      created_by: uid(c.creator),
      last_message_id: last.id,
      last_message_preview: last.content.slice(0, 100),
      last_message_sender_id: uid(last.sender),
      last_message_at: last.at,
      version: messages.length,
      created_at: createdAt,
      updated_at: last.at,
    });
    for (const p of c.participants) {
      if (c.community) actionTime(ctx, c.community, p.user, createdAt, 0);
      const readAt = p.readUpTo ? must(built.get(`${c.key}:${p.readUpTo}`), p.readUpTo).at : null;
      const readSeq = readAt === null ? 0 : messages.filter(({ msg }) => msg.at <= readAt).length;
      push(ctx, "conversation_participants", {
        conversation_id: id,
        user_id: uid(p.user),
        role: p.role,
        joined_at: createdAt,
        last_read_at: readAt,
        last_read_seq: readSeq,
      });
    }
    for (const [index, { seed, msg }] of messages.entries()) {
      push(ctx, "messages", {
        id: msg.id,
        seq: index + 1,
        version: index + 1,
        conversation_id: id,
        sender_id: uid(msg.sender),
        content: msg.content,
        message_type: "text",
        file_url: null,
        reply_to_id: seed.replyTo ? must(built.get(`${c.key}:${seed.replyTo}`), seed.replyTo).id : null,
        is_edited: false,
        is_deleted: false,
        created_at: msg.at,
        updated_at: msg.at,
      });
      for (const r of seed.reactions ?? []) {
        if (!c.participants.some((p) => p.user === r.user)) throw new Error(`seed: ${r.user} reacts outside ${c.key}`);
        push(ctx, "message_reactions", {
          message_id: msg.id,
          user_id: uid(r.user),
          emoji: r.emoji,
          created_at: msg.at + 2 * MINUTE,
        });
      }
    }
  });
  return built;
}
