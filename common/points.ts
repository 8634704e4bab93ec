/** Points per action (spec 001 section 9, DESIGN section 4). */
export const pointValues = {
  post_created: 10,
  comment_created: 5,
  post_like_received: 2,
  comment_like_received: 1,
  community_created: 10,
} as const;
export type PointReason = keyof typeof pointValues | `${keyof typeof pointValues}_reversed`;
