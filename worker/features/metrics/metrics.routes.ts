import { emptyMetricDay, metricDay, metrics, type MetricDay, type MetricSeries } from "../../../common/contract/metrics";
import { viewerOf } from "../../lib/access";
import { batch } from "../../lib/db";
import { forbidden, notFound, unauthenticated } from "../../lib/errors";
import { canManage, hasMemberAccess } from "../../lib/permissions";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { sessionToken } from "../../lib/session";
import { dayRowsStatement, periodTotalsStatement, toTotals, topContributorsStatement, type DayRowDb } from "./metrics.queries";
import { DAY_MS, dayOf } from "./rollup.queries";

/**
 * Every day from `first` to `last`: a day the cron has not written (yet) has no activity and keeps the
 * member count (`members` before the first day).
 */
function fillDays(rows: DayRowDb[], first: number, last: number, membersBefore: number): MetricDay[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const days: MetricDay[] = [];
  let members = membersBefore;
  for (let day = first; day <= last; day++) {
    const row = byDay.get(day);
    if (!row) {
      days.push(emptyMetricDay(day * DAY_MS, members));
      continue;
    }
    const { communityId: _c, day: _d, updatedAt: _u, ...figures } = row;
    members = row.members;
    days.push({ ...figures, date: day * DAY_MS });
  }
  return days;
}

/** Days as the answer's columns, one array per figure. */
function seriesOf(days: MetricDay[], from: number): MetricSeries {
  const names = Object.keys(metricDay.shape).filter((name) => name !== "date") as Exclude<keyof MetricDay, "date">[];
  return { from, ...Object.fromEntries(names.map((name) => [name, days.map((day) => day[name])])) } as MetricSeries;
}

/**
 * /api/communities/:id/metrics: a period's daily figures, what the period before it adds up to (for the
 * comparison) and the top contributors as the cron last ranked them, read from the cron's rollups in one
 * D1 round trip whatever the period. For the owner and admins (members and moderators see the community:
 * 403) and platform staff (any community).
 */
export const metricsRoutes = [
  route(metrics.community, async (c) => {
    const db = c.var.db;
    const communityId = c.req.valid("param").id;
    const days = Number(c.req.valid("query").days);
    const today = dayOf(Date.now());
    const first = today - days + 1;
    const access = viewerOf(db, await sessionToken(c), communityId);
    const dayRows = dayRowsStatement(db, communityId, first, today);
    const before = periodTotalsStatement(db, communityId, first - days, first - 1);
    const top = topContributorsStatement(db, communityId, days);
    const read = await batch(db, [access.query, dayRows, before, top]);
    const { actor, community, membership, user } = access.read(c, read(access.query));
    if (!user) throw unauthenticated();
    const staff = actor?.platformRole === "staff";
    if (!community || (!staff && !hasMemberAccess(actor, community, membership))) throw notFound("Community not found.");
    if (!staff && !canManage(actor, community, membership))
      throw forbidden("Only the community's owner and admins can see its metrics.");
    const rows = read(dayRows);
    const [beforeRow] = read(before);
    const previous = toTotals(beforeRow!, days);
    const updatedAt = rows.reduce<number | null>((latest, row) => Math.max(latest ?? 0, row.updatedAt), null);
    return respond(c, metrics.community, {
      days,
      updatedAt,
      previous,
      current: seriesOf(fillDays(rows, first, today, previous.members), first * DAY_MS),
      top: read(top),
    });
  }),
];
