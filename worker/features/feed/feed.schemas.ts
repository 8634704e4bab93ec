import { z } from "zod";

/** Limits of spec 000 section 9; the messages are what the web shows under the fields. */
export const POST_HEADLINE_MAX = 100;
export const POST_CONTENT_MAX = 2000;
export const POST_IMAGES_MAX = 4;
export const COMMENT_MAX = 500;
export const REPLY_MAX = 300;
export const FEED_PAGE_SIZE = 10;

const id = z.string().min(1).max(64);
const postImageUrl = z
  .string()
  .regex(/^\/files\/post_image\/[0-9a-f-]{36}\.(jpg|png|webp|gif)$/, "Images must be uploaded first");

export const postBody = z.object({
  headline: z
    .string()
    .trim()
    .max(POST_HEADLINE_MAX, `Headline must be at most ${POST_HEADLINE_MAX} characters`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  content: z
    .string({ error: "Content required" })
    .trim()
    .min(1, "Content required")
    .max(POST_CONTENT_MAX, `Content must be at most ${POST_CONTENT_MAX} characters`),
  topicId: id.nullable().optional(),
  imageUrls: z.array(postImageUrl).max(POST_IMAGES_MAX, "You can upload up to 4 images per post").default([]),
});
export type PostBody = z.infer<typeof postBody>;

export const editPostBody = postBody.omit({ imageUrls: true });

export const feedQuery = z.object({
  topicId: id.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number({ error: "Limit must be a number" })
    .int()
    .min(1, "Limit must be at least 1")
    .max(50, "Limit must be at most 50")
    .default(FEED_PAGE_SIZE),
});

export const commentBody = z.object({
  content: z
    .string({ error: "Comment required" })
    .trim()
    .min(1, "Comment required")
    .max(COMMENT_MAX, `Comment must be at most ${COMMENT_MAX} characters`),
  parentCommentId: id.nullable().optional(),
});

export const commentsQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const reportBody = z.object({
  reason: z
    .string({ error: "Tell us what is wrong" })
    .trim()
    .min(1, "Tell us what is wrong")
    .max(500, "The reason must be at most 500 characters"),
});

export const postParams = z.object({ postId: id });
export const commentParams = z.object({ commentId: id });
export const communityIdParams = z.object({ id });
export const mentionQuery = z.object({ q: z.string().trim().max(50).default("") });
