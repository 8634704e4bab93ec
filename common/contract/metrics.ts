import { z } from "zod";
import { endpoint } from "./http";

/** A community's metrics, for its owner and admins and for platform staff. */

/** Periods the metrics page offers, in days. */
export const metricPeriods = ["7", "30", "90", "365"] as const;
export type MetricPeriod = (typeof metricPeriods)[number];

const params = z.object({ id: z.string() });

export const metricsQuery = z.object({
  days: z.enum(metricPeriods, { error: `Days must be one of ${metricPeriods.join(", ")}` }).default("30"),
});

/** One UTC day; money in tetri. */
export const metricDay = z.object({
  /** Midnight UTC that starts the day, in milliseconds. */
  date: z.number(),
  joins: z.number().int(),
  leaves: z.number().int(),
  members: z.number().int(),
  active: z.number().int(),
  /** Distinct active members over the 30 days ending with this one. */
  active30: z.number().int(),
  posts: z.number().int(),
  comments: z.number().int(),
  likes: z.number().int(),
  messages: z.number().int(),
  lessons: z.number().int(),
  attendances: z.number().int(),
  paidMembers: z.number().int(),
  mrr: z.number().int(),
  churned: z.number().int(),
  revenue: z.number().int(),
  refunds: z.number().int(),
  enrolled: z.number().int(),
  started: z.number().int(),
  finished: z.number().int(),
  /**
   * Membership seen on the day itself. False for a day filled in from history (or one no run reached):
   * its leaves are unknown (0 here) and its member count holds only people who are still members.
   */
  observed: z.boolean(),
});
export type MetricDay = z.output<typeof metricDay>;

const dayFigures = metricDay.omit({ date: true }).shape;
type FigureColumns = { [K in keyof typeof dayFigures]: z.ZodArray<(typeof dayFigures)[K]> };

/**
 * Consecutive days as one column per figure (common/metric-series.ts turns them back into days): a year
 * of days as objects repeats every name 365 times, four times the bytes of the figures themselves.
 */
export const metricSeries = z.object({
  /** Midnight UTC that starts the first day, in milliseconds; each next value is the next day's. */
  from: z.number(),
  ...(Object.fromEntries(Object.entries(dayFigures).map(([name, figure]) => [name, z.array(figure)])) as FigureColumns),
});
export type MetricSeries = z.output<typeof metricSeries>;

/** A day with no activity (one the cron has not written yet): it keeps the member count it is given. */
export const emptyMetricDay = (date: number, members = 0): MetricDay => ({
  date,
  joins: 0,
  leaves: 0,
  members,
  active: 0,
  active30: 0,
  posts: 0,
  comments: 0,
  likes: 0,
  messages: 0,
  lessons: 0,
  attendances: 0,
  paidMembers: 0,
  mrr: 0,
  churned: 0,
  revenue: 0,
  refunds: 0,
  enrolled: 0,
  started: 0,
  finished: 0,
  observed: false,
});

/** What a period adds up to (common/metric-totals.ts). */
export const metricTotals = z.object({
  joins: z.number().int(),
  /** Only days whose membership was seen have known leaves. */
  leaves: z.number().int(),
  members: z.number().int(),
  active30: z.number().int(),
  averageActive: z.number().int(),
  posts: z.number().int(),
  comments: z.number().int(),
  paidMembers: z.number().int(),
  mrr: z.number().int(),
  netRevenue: z.number().int(),
  churned: z.number().int(),
  /** Paid memberships that ended, per paid membership at the period's start; null without any. */
  churnRate: z.number().nullable(),
});
export type MetricTotals = z.output<typeof metricTotals>;

export const topContributor = z.object({
  id: z.string(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  posts: z.number().int(),
  comments: z.number().int(),
});
export type TopContributor = z.output<typeof topContributor>;

export const metrics = {
  community: endpoint("GET", "/api/communities/:id/metrics", {
    params,
    query: metricsQuery,
    response: z.object({
      days: z.number().int(),
      /** When the figures were last computed (null before the first run); they lag by at most one cron interval. */
      updatedAt: z.number().nullable(),
      /** Every day of the period, oldest first, and what as many days before it add up to, for the comparison. */
      current: metricSeries,
      previous: metricTotals,
      top: z.array(topContributor),
    }),
  }),
};
