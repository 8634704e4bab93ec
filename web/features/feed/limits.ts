/** Spec 000 section 9 (the server enforces the same numbers in worker/features/feed/feed.schemas.ts). */
export const HEADLINE_MAX = 100;
export const CONTENT_MAX = 2000;
export const IMAGES_MAX = 4;
export const COMMENT_MAX = 500;
export const REPLY_MAX = 300;
export const REPORT_REASON_MAX = 500;
export const FEED_PAGE_SIZE = 10;
export const COMMENTS_PAGE_SIZE = 50;
