import type { Row } from "./sql.ts";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
const TBILISI_OFFSET = 4 * HOUR;

export type PointAward = {
  user: string;
  community: string;
  amount: number;
  reason: string;
  sourceKind: string;
  sourceId: string;
  at: number;
};

export type BuiltComment = {
  id: string;
  author: string;
  content: string;
  at: number;
  likes: Map<string, number>;
  replies: BuiltComment[];
};

export type BuiltPost = {
  id: string;
  community: string;
  author: string;
  headline: string;
  at: number;
  likes: Map<string, number>;
  comments: BuiltComment[];
};

/** Shared state of one seed build: the clock, the rows per table and the lookups later parts need. */
export type SeedContext = {
  now: number;
  rows: Map<string, Row[]>;
  communityId: Map<string, string>;
  /** `${communityKey}:${userKey}` -> joined_at */
  joinedAt: Map<string, number>;
  /** `${communityKey}:${topicKey}` -> id */
  topicId: Map<string, string>;
  posts: Map<string, BuiltPost>;
  /** `${communityKey}:${userKey}` -> the subscription that pays for the membership */
  paidAccess: Map<string, { subscriptionId: string; accessUntil: number }>;
  points: PointAward[];
};

export function createContext(now: number): SeedContext {
  return {
    now,
    rows: new Map(),
    communityId: new Map(),
    joinedAt: new Map(),
    topicId: new Map(),
    posts: new Map(),
    paidAccess: new Map(),
    points: [],
  };
}

export function push(ctx: SeedContext, table: string, row: Row): void {
  const list = ctx.rows.get(table);
  if (list) list.push(row);
  else ctx.rows.set(table, [row]);
}

export function ago(ctx: SeedContext, days: number): number {
  return ctx.now - Math.round(days * DAY);
}

/** A wall-clock time in Tbilisi, `day` days from the seed run. */
export function tbilisiTime(ctx: SeedContext, day: number, hour: number, minute = 0): number {
  const local = new Date(ctx.now + TBILISI_OFFSET + day * DAY);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hour, minute) - TBILISI_OFFSET;
}

export function addMonths(at: number, months: number): number {
  const d = new Date(at);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
}

export function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`seed: missing ${what}`);
  return value;
}

export function joined(ctx: SeedContext, community: string, user: string): number {
  return must(ctx.joinedAt.get(`${community}:${user}`), `membership of ${user} in ${community}`);
}

/**
 * When `user` did something `minutes` after `base`: never before they joined the community, and never
 * in the future, so the demo reads like a real history.
 */
export function actionTime(ctx: SeedContext, community: string, user: string, base: number, minutes: number): number {
  const at = Math.max(base + minutes * MINUTE, joined(ctx, community, user) + HOUR);
  if (at > ctx.now - 5 * MINUTE) throw new Error(`seed: ${user}'s action in ${community} would be in the future`);
  return at;
}

export function award(ctx: SeedContext, a: PointAward): void {
  ctx.points.push(a);
}
