/** Demo notifications, each tied to a seeded action (a like, comment, message, enrollment, ...). */

export type SeedNotification =
  | { kind: "post_like"; post: string; liker: string; read: boolean }
  | { kind: "post_comment"; post: string; comment: number; read: boolean }
  | { kind: "comment_reply"; post: string; comment: number; reply: number; read: boolean }
  | { kind: "comment_like"; post: string; comment: number; liker: string; read: boolean }
  | { kind: "message"; conversation: string; message: string; recipient: string; read: boolean }
  | { kind: "event_created"; event: string; recipient: string; read: boolean }
  | { kind: "course_enrollment"; user: string; read: boolean }
  | { kind: "course_completed"; user: string; read: boolean }
  | { kind: "community_join"; community: string; user: string; read: boolean }
  | { kind: "community_approved"; community: string; read: boolean };

/** Each notification points at a seeded action, so its time, sender and target agree with the rows. */
export const NOTIFICATIONS: SeedNotification[] = [
  { kind: "community_approved", community: "runners", read: true },
  { kind: "community_join", community: "startup", user: "irakli", read: true },
  { kind: "course_enrollment", user: "giorgi", read: true },
  { kind: "course_completed", user: "mariam", read: true },
  { kind: "post_like", post: "investor-calls", liker: "ana", read: true },
  { kind: "post_comment", post: "investor-calls", comment: 0, read: true },
  { kind: "comment_reply", post: "welcome", comment: 0, reply: 0, read: true },
  { kind: "comment_like", post: "analytics", comment: 1, liker: "tamar", read: false },
  { kind: "event_created", event: "code-review", recipient: "giorgi", read: false },
  { kind: "post_comment", post: "pitch-night", comment: 0, read: false },
  { kind: "post_like", post: "pitch-night", liker: "irakli", read: false },
  { kind: "message", conversation: "ana-giorgi", message: "tuesday", recipient: "giorgi", read: false },
  { kind: "post_like", post: "headlamp", liker: "dato", read: false },
];
