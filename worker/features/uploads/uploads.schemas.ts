import { z } from "zod";

/** Per-purpose limits. Browsers resize before upload; the server still checks every file. */
export const uploadLimits = {
  community_image: { maxBytes: 5 * 1024 * 1024 },
  post_image: { maxBytes: 5 * 1024 * 1024 },
  avatar: { maxBytes: 5 * 1024 * 1024 },
  cover: { maxBytes: 5 * 1024 * 1024 },
  event_image: { maxBytes: 5 * 1024 * 1024 },
  course_image: { maxBytes: 5 * 1024 * 1024 },
  chat_attachment: { maxBytes: 5 * 1024 * 1024 },
} as const;

export type UploadPurpose = keyof typeof uploadLimits;

/** Decoding a larger image would cost more memory than any device here needs to show it. */
export const MAX_PIXELS = 40_000_000;
export const MAX_SIDE = 10_000;

export const acceptedImageTypes = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;

export const uploadQuery = z.object({
  purpose: z.enum(Object.keys(uploadLimits) as [UploadPurpose, ...UploadPurpose[]], { error: "Unknown upload purpose" }),
});
