import { describe, expect, it } from "vitest";
import type { MetricDay } from "../../../../../common/contract/metrics";
import { totalsOf } from "../../../../../common/metric-totals";
import { change, revenueByMonth, toCsv } from "./series";

const DAY = 86_400_000;
const blank: Omit<MetricDay, "date"> = {
  joins: 0,
  leaves: 0,
  members: 0,
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
  observed: true,
};
const day = (date: number, figures: Partial<MetricDay> = {}): MetricDay => ({ ...blank, date, ...figures });

describe("metrics series", () => {
  it("adds a period up: sums of flows, last values of levels, churn per paid member at the start", () => {
    const start = Date.UTC(2026, 0, 30);
    const totals = totalsOf([
      day(start, { joins: 2, members: 10, paidMembers: 4, active: 3, revenue: 1000 }),
      day(start + DAY, { joins: 1, leaves: 1, members: 10, paidMembers: 3, churned: 1, active: 1, refunds: 250 }),
      day(start + 2 * DAY, { members: 12, paidMembers: 3, mrr: 9000, active30: 5, posts: 2, active: 2 }),
    ]);
    expect(totals).toMatchObject({ joins: 3, leaves: 1, members: 12, paidMembers: 3, mrr: 9000, active30: 5, posts: 2 });
    expect(totals.netRevenue).toBe(750);
    expect(totals.averageActive).toBe(2);
    expect(totals.churnRate).toBe(1 / 4);
    expect(totalsOf([]).churnRate).toBeNull();
  });

  it("compares with the period before, and not with nothing", () => {
    expect(change(15, 10)).toBe(0.5);
    expect(change(5, 0)).toBeNull();
  });

  it("groups revenue by UTC month with refunds taken off", () => {
    const jan31 = Date.UTC(2026, 0, 31);
    expect(revenueByMonth([day(jan31, { revenue: 500 }), day(jan31 + DAY, { revenue: 300, refunds: 100 })])).toEqual([
      { month: Date.UTC(2026, 0, 1), net: 500 },
      { month: Date.UTC(2026, 1, 1), net: 200 },
    ]);
  });

  it("writes CSV with ISO dates and lari", () => {
    const csv = toCsv([day(Date.UTC(2026, 5, 10), { joins: 3, revenue: 1250 })]).split("\n");
    expect(csv[0]).toMatch(/^date,joins,leaves,members/);
    expect(csv[1]).toMatch(/^2026-06-10,3,0,/);
    expect(csv[1]).toContain(",12.50,");
  });

  it("leaves a day's leaves out where its membership was not seen: not in the sum, empty in the CSV", () => {
    const days = [day(Date.UTC(2026, 5, 9), { leaves: 0, observed: false }), day(Date.UTC(2026, 5, 10), { leaves: 2 })];
    expect(totalsOf(days).leaves).toBe(2);
    // A stored zero of an unseen day must not read as "nobody left".
    expect(totalsOf([day(0, { leaves: 5, observed: false })]).leaves).toBe(0);
    const csv = toCsv(days).split("\n");
    expect(csv[1]).toMatch(/^2026-06-09,0,,/);
    expect(csv[2]).toMatch(/^2026-06-10,0,2,/);
  });
});
