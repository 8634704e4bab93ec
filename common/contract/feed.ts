import { z } from "zod";
import { MAX_LEVEL } from "../levels";
import { endpoint, ok, page } from "./http";
import {
  COMMENT_MAX,
  COMMENTS_PAGE_MAX,
  COMMENTS_PAGE_SIZE,
  FEED_PAGE_MAX,
  FEED_PAGE_SIZE,
  MENTION_QUERY_MAX,
  POST_CONTENT_MAX,
  POST_HEADLINE_MAX,
  POST_IMAGES_MAX,
  REPORT_REASON_MAX,
} from "./limits";
import { multiLine, singleLine } from "./text";
import { poll, pollBody, pollVoters, voteBody } from "./poll";

/** The feed: posts, comments, likes, pins and reports (spec 000 section 9 for the limits). */

const id = z.string().min(1).max(64);
const postImageUrl = z
  .string()
  .regex(/^\/files\/post_image\/[0-9a-f-]{36}\.(jpg|png|webp|gif)$/, "Images must be uploaded first");

// Requests: the messages are what the web shows under the fields.

export const postBody = z.object({
  headline: singleLine("Headline", { max: POST_HEADLINE_MAX, min: 0 })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  content: multiLine("Content", { max: POST_CONTENT_MAX, required: "Content required" }),
  topicId: id.nullable().optional(),
  imageUrls: z.array(postImageUrl).max(POST_IMAGES_MAX, `You can upload up to ${POST_IMAGES_MAX} images per post`).default([]),
  poll: pollBody.nullable().optional(),
});
export type PostBody = z.output<typeof postBody>;

// A poll is set when the post is created: an edit cannot change what people already voted on.
export const editPostBody = postBody.omit({ imageUrls: true, poll: true });

export const feedQuery = z.object({
  topicId: id.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number({ error: "Limit must be a number" })
    .int()
    .min(1, "Limit must be at least 1")
    .max(FEED_PAGE_MAX, `Limit must be at most ${FEED_PAGE_MAX}`)
    .default(FEED_PAGE_SIZE),
});

export const commentBody = z.object({
  content: multiLine("Comment", { max: COMMENT_MAX, required: "Comment required" }),
  parentCommentId: id.nullable().optional(),
});

export const commentsQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(COMMENTS_PAGE_MAX).default(COMMENTS_PAGE_SIZE),
});

export const reportBody = z.object({
  reason: multiLine("The reason", { max: REPORT_REASON_MAX, required: "Tell us what is wrong" }),
});

export const postParams = z.object({ postId: id });
export const commentParams = z.object({ commentId: id });
export const communityIdParams = z.object({ id });
export const mentionQuery = z.object({ q: z.string().trim().max(MENTION_QUERY_MAX).default("") });

// Responses.

export const author = z.object({ id: z.string(), fullName: z.string(), avatarUrl: z.string().nullable() });
export type Author = z.output<typeof author>;

export const topicRef = z.object({ id: z.string(), name: z.string(), color: z.string() });
export type TopicRef = z.output<typeof topicRef>;

/** What the viewer may do with a post; the server computes it, the card menu shows exactly these. */
export const postPermissions = z.object({ canEdit: z.boolean(), canDelete: z.boolean(), canPin: z.boolean() });

export const post = z.object({
  id: z.string(),
  communityId: z.string(),
  author: author.nullable(),
  isAuthorAdmin: z.boolean(),
  /** The author's level in the post's community (1 to 9, from all-time points), for the avatar badge. */
  authorLevel: z.number().int().min(1).max(MAX_LEVEL),
  headline: z.string().nullable(),
  content: z.string(),
  imageUrls: z.array(z.string()),
  topic: topicRef.nullable(),
  likesCount: z.number(),
  commentsCount: z.number(),
  userHasLiked: z.boolean(),
  pinned: z.boolean(),
  editedAt: z.number().nullable(),
  createdAt: z.number(),
  poll: poll.nullable(),
  ...postPermissions.shape,
});
export type Post = z.output<typeof post>;

export const comment = z.object({
  id: z.string(),
  postId: z.string(),
  parentCommentId: z.string().nullable(),
  author: author.nullable(),
  isAuthorAdmin: z.boolean(),
  /** The author's level in the post's community, for the avatar badge, as on posts. */
  authorLevel: z.number().int().min(1).max(MAX_LEVEL),
  content: z.string(),
  likesCount: z.number(),
  repliesCount: z.number(),
  userHasLiked: z.boolean(),
  editedAt: z.number().nullable(),
  createdAt: z.number(),
  canDelete: z.boolean(),
});
export type Comment = z.output<typeof comment>;

export const postDetail = z.object({ post, community: z.object({ id: z.string(), name: z.string() }) });
export type PostDetail = z.output<typeof postDetail>;

export const communityStats = z.object({
  membersCount: z.number(),
  postsCount: z.number(),
  onlineCount: z.number(),
  onlineUserIds: z.array(z.string()),
  trendingTopics: z.array(topicRef.extend({ recentPosts: z.number() })),
});
export type CommunityStats = z.output<typeof communityStats>;

export type MentionCandidate = Author;

const postLike = z.object({ postId: z.string(), liked: z.boolean(), likesCount: z.number() });
const commentLike = z.object({ commentId: z.string(), liked: z.boolean(), likesCount: z.number() });
const postPin = z.object({ postId: z.string(), pinned: z.boolean() });
const filedReport = z.object({ reportId: z.string() });

export const feed = {
  listPosts: endpoint("GET", "/api/communities/:id/posts", {
    params: communityIdParams,
    query: feedQuery,
    response: page(post),
  }),
  createPost: endpoint("POST", "/api/communities/:id/posts", {
    params: communityIdParams,
    body: postBody,
    response: z.object({ post }),
    status: 201,
    idempotent: true,
  }),
  mentionCandidates: endpoint("GET", "/api/communities/:id/mention-candidates", {
    params: communityIdParams,
    query: mentionQuery,
    response: z.object({ members: z.array(author) }),
  }),
  stats: endpoint("GET", "/api/communities/:id/stats", { params: communityIdParams, response: communityStats }),
  getPost: endpoint("GET", "/api/posts/:postId", { params: postParams, response: postDetail }),
  editPost: endpoint("PATCH", "/api/posts/:postId", {
    params: postParams,
    body: editPostBody,
    response: z.object({ post }),
  }),
  deletePost: endpoint("DELETE", "/api/posts/:postId", { params: postParams, response: ok }),
  likePost: endpoint("POST", "/api/posts/:postId/like", { params: postParams, response: postLike }),
  unlikePost: endpoint("DELETE", "/api/posts/:postId/like", { params: postParams, response: postLike }),
  vote: endpoint("PUT", "/api/posts/:postId/poll/vote", {
    params: postParams,
    body: voteBody,
    response: z.object({ poll }),
  }),
  pollVoters: endpoint("GET", "/api/posts/:postId/poll/voters", { params: postParams, response: pollVoters }),
  pinPost: endpoint("POST", "/api/posts/:postId/pin", { params: postParams, response: postPin }),
  unpinPost: endpoint("DELETE", "/api/posts/:postId/pin", { params: postParams, response: postPin }),
  reportPost: endpoint("POST", "/api/posts/:postId/report", {
    params: postParams,
    body: reportBody,
    response: filedReport,
    status: 201,
    idempotent: true,
  }),
  listComments: endpoint("GET", "/api/posts/:postId/comments", {
    params: postParams,
    query: commentsQuery,
    response: page(comment),
  }),
  createComment: endpoint("POST", "/api/posts/:postId/comments", {
    params: postParams,
    body: commentBody,
    response: z.object({ comment }),
    status: 201,
    idempotent: true,
  }),
  listReplies: endpoint("GET", "/api/comments/:commentId/replies", {
    params: commentParams,
    query: commentsQuery,
    response: page(comment),
  }),
  deleteComment: endpoint("DELETE", "/api/comments/:commentId", { params: commentParams, response: ok }),
  likeComment: endpoint("POST", "/api/comments/:commentId/like", { params: commentParams, response: commentLike }),
  unlikeComment: endpoint("DELETE", "/api/comments/:commentId/like", { params: commentParams, response: commentLike }),
  reportComment: endpoint("POST", "/api/comments/:commentId/report", {
    params: commentParams,
    body: reportBody,
    response: filedReport,
    status: 201,
    idempotent: true,
  }),
};
