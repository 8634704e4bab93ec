import type { MetricDay } from "../../../../../common/contract/metrics";

/** Change against the period before, as a fraction; null when there is nothing to compare with. */
export const change = (current: number, previous: number): number | null =>
  previous === 0 ? null : (current - previous) / previous;

/** Net revenue (refunds taken off) per calendar month (UTC), oldest first, keyed by the month's first day. */
export function revenueByMonth(days: MetricDay[]): { month: number; net: number }[] {
  const months = new Map<number, number>();
  for (const day of days) {
    const date = new Date(day.date);
    const month = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
    months.set(month, (months.get(month) ?? 0) + day.revenue - day.refunds);
  }
  return [...months].map(([month, net]) => ({ month, net }));
}

const csvCell = (value: string | number) => {
  const text = String(value);
  // Quoted when needed, and a leading formula sign neutralised so a spreadsheet never runs it.
  const safe = /^[=+\-@]/.test(text) && typeof value === "string" ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The daily figures as CSV (ISO dates, money in lari), for spreadsheets in any language. */
export function toCsv(days: MetricDay[]): string {
  const header = [
    "date",
    "joins",
    "leaves",
    "members",
    "active",
    "active_30_days",
    "posts",
    "comments",
    "likes",
    "messages",
    "lessons",
    "attendances",
    "paid_members",
    "mrr_gel",
    "churned",
    "revenue_gel",
    "refunds_gel",
    "enrolled",
    "started",
    "finished",
  ];
  const gel = (tetri: number) => (tetri / 100).toFixed(2);
  const rows = days.map((d) => [
    new Date(d.date).toISOString().slice(0, 10),
    d.joins,
    d.observed ? d.leaves : "",
    d.members,
    d.active,
    d.active30,
    d.posts,
    d.comments,
    d.likes,
    d.messages,
    d.lessons,
    d.attendances,
    d.paidMembers,
    gel(d.mrr),
    d.churned,
    gel(d.revenue),
    gel(d.refunds),
    d.enrolled,
    d.started,
    d.finished,
  ]);
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\n") + "\n";
}
