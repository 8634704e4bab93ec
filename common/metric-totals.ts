import type { MetricDay, MetricTotals } from "./contract/metrics";

const sum = (days: MetricDay[], pick: (day: MetricDay) => number) => days.reduce((total, day) => total + pick(day), 0);

/**
 * The two totals that are ratios, from the sums they divide: shared by `totalsOf` and the worker's sum
 * of the period before in D1, so both answer the same figures.
 */
export function ratesOf(sums: { active: number; days: number; churned: number; paidAtStart: number }) {
  return {
    averageActive: sums.days ? Math.round(sums.active / sums.days) : 0,
    churnRate: sums.paidAtStart > 0 ? sums.churned / sums.paidAtStart : null,
  };
}

/**
 * What a period of metric days adds up to: the page's figures for the period shown, and the worker's
 * answer for the period before it (sent as these totals, not as its days, which nothing draws).
 */
export function totalsOf(days: MetricDay[]): MetricTotals {
  const last = days.at(-1);
  const first = days[0];
  const churned = sum(days, (d) => d.churned);
  const paidAtStart = first ? first.paidMembers + first.churned : 0;
  return {
    joins: sum(days, (d) => d.joins),
    // Only days whose membership was seen have known leaves.
    leaves: sum(days, (d) => (d.observed ? d.leaves : 0)),
    members: last?.members ?? 0,
    active30: last?.active30 ?? 0,
    posts: sum(days, (d) => d.posts),
    comments: sum(days, (d) => d.comments),
    paidMembers: last?.paidMembers ?? 0,
    mrr: last?.mrr ?? 0,
    netRevenue: sum(days, (d) => d.revenue - d.refunds),
    churned,
    ...ratesOf({ active: sum(days, (d) => d.active), days: days.length, churned, paidAtStart }),
  };
}
