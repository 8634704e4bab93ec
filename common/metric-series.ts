import type { MetricDay, MetricSeries } from "./contract/metrics";

const DAY_MS = 86_400_000;

/** The metrics answer's columns (one array per figure) as the days they hold, oldest first. */
export function daysOf(series: MetricSeries): MetricDay[] {
  const { from, ...columns } = series;
  const names = Object.keys(columns) as (keyof typeof columns)[];
  return columns.joins.map((_, i) => {
    const day = { date: from + i * DAY_MS } as MetricDay;
    for (const name of names) (day as Record<string, unknown>)[name] = columns[name][i];
    return day;
  });
}
