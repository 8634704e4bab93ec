import { z } from "zod";
import { MAX_LEVEL } from "../levels";
import { languages } from "./enums";
import { endpoint } from "./http";
import { BROADCAST_BODY_MAX, BROADCAST_INTERVAL_MS, BROADCAST_SUBJECT_MAX } from "./limits";

export { BROADCAST_BODY_MAX, BROADCAST_INTERVAL_MS, BROADCAST_SUBJECT_MAX };

/** E-mails from a community's owner and admins to its members (or a segment of them), sent by the cron. */

/** Whom a broadcast reaches: everyone, paying or free members, members at a level and above, or those quiet for 30 days. */
export const broadcastSegments = ["all", "paid", "free", "level", "inactive"] as const;
export type BroadcastSegment = (typeof broadcastSegments)[number];

export const broadcastStatuses = ["queued", "sending", "sent"] as const;

const params = z.object({ id: z.string() });

const segment = z.enum(broadcastSegments, { error: `Segment must be one of ${broadcastSegments.join(", ")}` });
const level = z.coerce
  .number({ error: "Level must be a number" })
  .int("Level must be a whole number")
  .min(1, "Level must be at least 1")
  .max(MAX_LEVEL, `Level must be at most ${MAX_LEVEL}`);

/** A level is asked for exactly when the segment is "level". */
const withLevel = <T extends { segment: BroadcastSegment; level?: number }>(value: T, ctx: z.RefinementCtx) => {
  if (value.segment === "level" && value.level === undefined)
    ctx.addIssue({ code: "custom", path: ["level"], message: "Choose the lowest level the message reaches" });
};

export const audienceQuery = z.object({ segment, level: level.optional() }).superRefine(withLevel);

const subject = z
  .string({ error: "Subject is required" })
  .trim()
  .min(1, "Subject is required")
  .max(BROADCAST_SUBJECT_MAX, `Subject must be at most ${BROADCAST_SUBJECT_MAX} characters`);
const body = z
  .string({ error: "Message is required" })
  .trim()
  .min(1, "Message is required")
  .max(BROADCAST_BODY_MAX, `Message must be at most ${BROADCAST_BODY_MAX} characters`);

export const broadcastBody = z.object({ subject, body, segment, level: level.optional() }).superRefine(withLevel);
export type BroadcastBody = z.output<typeof broadcastBody>;

/** The mail as a member reading in `language` (the sender's own by default) would get it. */
export const previewBody = z.object({
  subject,
  body,
  language: z.enum(languages, { error: `Language must be one of ${languages.join(", ")}` }).optional(),
});
export type PreviewBody = z.input<typeof previewBody>;

export const broadcastItem = z.object({
  id: z.string(),
  subject: z.string(),
  body: z.string(),
  segment: z.enum(broadcastSegments),
  level: z.number().int().nullable(),
  status: z.enum(broadcastStatuses),
  /** People the segment held when the broadcast was written; `sent + skipped + failed` reaches it when done. */
  recipients: z.number().int(),
  sent: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  senderName: z.string().nullable(),
  createdAt: z.number(),
  finishedAt: z.number().nullable(),
});
export type BroadcastItem = z.output<typeof broadcastItem>;

export const broadcasts = {
  list: endpoint("GET", "/api/communities/:id/broadcasts", {
    params,
    response: z.object({
      /** When the next broadcast may be written (null: now). */
      nextAllowedAt: z.number().nullable(),
      /** Newest first. */
      items: z.array(broadcastItem),
    }),
  }),
  audience: endpoint("GET", "/api/communities/:id/broadcasts/audience", {
    params,
    query: audienceQuery,
    response: z.object({ count: z.number().int() }),
  }),
  preview: endpoint("POST", "/api/communities/:id/broadcasts/preview", {
    params,
    body: previewBody,
    response: z.object({ subject: z.string(), html: z.string(), text: z.string() }),
  }),
  create: endpoint("POST", "/api/communities/:id/broadcasts", {
    params,
    body: broadcastBody,
    status: 201,
    response: broadcastItem,
  }),
};
