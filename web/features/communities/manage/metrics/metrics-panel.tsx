import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ResponseOf } from "../../../../../common/contract";
import type { MetricDay, MetricPeriod } from "../../../../../common/contract/metrics";

// The contract's periods, typed against it (the contract's values stay out of the browser bundle).
const metricPeriods = ["7", "30", "90", "365"] as const satisfies readonly MetricPeriod[];
import { Button } from "../../../../components/ui/button";
import { Spinner } from "../../../../components/ui/spinner";
import { useFormatter } from "../../../../lib/format/formatter";
import { formatGel } from "../../../../lib/format/money";
import { CommunityLoadError } from "../../community-states";
import { Chart, type ChartSeries } from "./chart";
import { metricsQueryOptions } from "./queries";
import { daysOf } from "../../../../../common/metric-series";
import { totalsOf } from "../../../../../common/metric-totals";
import { change, revenueByMonth, toCsv } from "./series";

/** The metrics tab: a period's figures against the period before, as charts with tables, and a CSV. */
export default function MetricsPanel({ communityId }: { communityId: string }) {
  const { t } = useTranslation("communities");
  const [days, setDays] = useState<MetricPeriod>("30");
  const query = useQuery(metricsQueryOptions(communityId, days));
  const f = useFormatter();

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label={t("metrics.period")} className="inline-flex rounded-lg border border-border p-0.5">
          {metricPeriods.map((period) => (
            <button
              key={period}
              type="button"
              aria-pressed={days === period}
              onClick={() => setDays(period)}
              className={
                days === period
                  ? "rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-primary-foreground"
                  : "rounded-md px-3 py-1.5 text-sm text-foreground hover:bg-muted"
              }
            >
              {t("metrics.days", { count: Number(period) })}
            </button>
          ))}
        </div>
        {query.data && (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-muted-foreground">
              {query.data.updatedAt ? t("metrics.updated", { time: f.dateTime(query.data.updatedAt) }) : t("metrics.notYet")}
            </p>
            <Button variant="outline" size="sm" onClick={() => download(communityId, days, toCsv(daysOf(query.data.current)))}>
              <Download className="h-4 w-4" aria-hidden="true" />
              {t("metrics.csv")}
            </Button>
          </div>
        )}
      </div>
      {query.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : query.isError ? (
        <CommunityLoadError onRetry={() => void query.refetch()} />
      ) : (
        <MetricsView data={query.data} />
      )}
    </div>
  );
}

function download(communityId: string, days: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `metrics-${communityId}-${days}d.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

type Data = ResponseOf<"GET /api/communities/:id/metrics">;

function MetricsView({ data }: { data: Data }) {
  const { t, i18n } = useTranslation("communities");
  const f = useFormatter();
  const { previous } = data;
  const period = useMemo(() => daysOf(data.current), [data.current]);
  const current = useMemo(() => totalsOf(period), [period]);
  const dates = useMemo(() => period.map((d) => d.date), [period]);
  const months = useMemo(() => revenueByMonth(period), [period]);
  const money = useCallback((tetri: number) => formatGel(tetri, i18n.language), [i18n.language]);
  const count = useCallback((value: number) => f.number(value), [f]);
  const day = useCallback((ms: number) => f.date(ms), [f]);
  const month = useCallback((ms: number) => f.monthYear(ms), [f]);
  const pick = useCallback(
    (label: string, key: Exclude<keyof MetricDay, "date" | "observed">, color: string): ChartSeries => ({
      label,
      color,
      values: period.map((d) => d[key]),
    }),
    [period],
  );
  const charts = useMemo(
    () => ({
      members: [pick(t("metrics.members"), "members", "--primary")],
      joins: [
        pick(t("metrics.joins"), "joins", "--success"),
        // Leaves of a day filled in from history are not known: a gap, not a zero.
        { label: t("metrics.leaves"), color: "--destructive", values: period.map((d) => (d.observed ? d.leaves : null)) },
      ],
      active: [pick(t("metrics.dailyActive"), "active", "--primary"), pick(t("metrics.monthlyActive"), "active30", "--success")],
      writing: [pick(t("metrics.posts"), "posts", "--primary"), pick(t("metrics.comments"), "comments", "--success")],
      paid: [pick(t("metrics.paidMembers"), "paidMembers", "--primary")],
      mrr: [pick(t("metrics.mrr"), "mrr", "--success")],
      attendance: [pick(t("metrics.attendance"), "attendances", "--primary")],
      revenue: [{ label: t("metrics.netRevenue"), color: "--success", values: months.map((m) => m.net) }],
    }),
    [pick, period, months, t],
  );
  const last = period.at(-1);
  // Where the period reaches back before the community's membership was seen day by day: undefined when
  // it does not, else the first day seen (null when none in the period was).
  const firstObserved = period.some((d) => !d.observed) ? (period.find((d) => d.observed)?.date ?? null) : undefined;

  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label={t("metrics.members")} value={count(current.members)} now={current.members} before={previous.members} />
        <Figure
          label={t("metrics.monthlyActive")}
          value={count(current.active30)}
          now={current.active30}
          before={previous.active30}
        />
        <Figure
          label={t("metrics.paidMembers")}
          value={count(current.paidMembers)}
          now={current.paidMembers}
          before={previous.paidMembers}
        />
        <Figure label={t("metrics.mrr")} value={money(current.mrr)} now={current.mrr} before={previous.mrr} />
        <Figure
          label={t("metrics.netRevenue")}
          value={money(current.netRevenue)}
          now={current.netRevenue}
          before={previous.netRevenue}
        />
        <Figure
          label={t("metrics.churn")}
          value={current.churnRate === null ? "–" : f.number(current.churnRate * 100, { maximumFractionDigits: 1 }) + " %"}
          now={current.churned}
          before={previous.churned}
          lowerIsBetter
        />
        <Figure label={t("metrics.joins")} value={count(current.joins)} now={current.joins} before={previous.joins} />
        <Figure label={t("metrics.posts")} value={count(current.posts)} now={current.posts} before={previous.posts} />
      </dl>
      {firstObserved !== undefined && (
        <p className="rounded-lg border border-border bg-muted/40 p-3 text-sm text-foreground">
          {firstObserved === null ? t("metrics.historyOnly") : t("metrics.historyFrom", { date: f.date(firstObserved) })}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <Chart title={t("metrics.membersOverTime")} dates={dates} series={charts.members} formatDate={day} formatValue={count} />
        <Chart
          title={t("metrics.joinsAndLeaves")}
          dates={dates}
          series={charts.joins}
          kind="bar"
          formatDate={day}
          formatValue={count}
        />
        <Chart title={t("metrics.activeMembers")} dates={dates} series={charts.active} formatDate={day} formatValue={count} />
        <Chart
          title={t("metrics.postsAndComments")}
          dates={dates}
          series={charts.writing}
          kind="bar"
          formatDate={day}
          formatValue={count}
        />
        <Chart title={t("metrics.paidMembers")} dates={dates} series={charts.paid} formatDate={day} formatValue={count} />
        <Chart title={t("metrics.mrr")} dates={dates} series={charts.mrr} formatDate={day} formatValue={money} />
        <Chart
          title={t("metrics.revenueByMonth")}
          dates={months.map((m) => m.month)}
          series={charts.revenue}
          kind="bar"
          formatDate={month}
          formatValue={money}
        />
        <Chart
          title={t("metrics.attendance")}
          dates={dates}
          series={charts.attendance}
          kind="bar"
          formatDate={day}
          formatValue={count}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="metrics-courses" className="rounded-xl border border-border bg-background p-3">
          <h3 id="metrics-courses" className="text-sm font-semibold text-foreground">
            {t("metrics.courses")}
          </h3>
          <ol className="mt-2 space-y-1 text-sm text-foreground">
            <li>{t("metrics.enrolled", { count: last?.enrolled ?? 0, value: count(last?.enrolled ?? 0) })}</li>
            <li>{t("metrics.started", { count: last?.started ?? 0, value: count(last?.started ?? 0) })}</li>
            <li>{t("metrics.finished", { count: last?.finished ?? 0, value: count(last?.finished ?? 0) })}</li>
          </ol>
        </section>
        <section aria-labelledby="metrics-top" className="rounded-xl border border-border bg-background p-3">
          <h3 id="metrics-top" className="text-sm font-semibold text-foreground">
            {t("metrics.topContributors")}
          </h3>
          {data.top.length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">{t("metrics.noContributors")}</p>
          ) : (
            <ol className="mt-2 space-y-1 text-sm text-foreground">
              {data.top.map((person) => (
                <li key={person.id} className="flex justify-between gap-3">
                  <span className="truncate">{person.fullName}</span>
                  <span className="shrink-0 text-muted-foreground">
                    {t("metrics.postCount", { count: person.posts, value: count(person.posts) })},{" "}
                    {t("metrics.commentCount", { count: person.comments, value: count(person.comments) })}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}

/** A headline figure with its change against the period before. */
function Figure({
  label,
  value,
  now,
  before,
  lowerIsBetter = false,
}: {
  label: string;
  value: string;
  now: number;
  before: number;
  lowerIsBetter?: boolean;
}) {
  const { t } = useTranslation("communities");
  const f = useFormatter();
  const delta = change(now, before);
  const better = delta !== null && (lowerIsBetter ? delta < 0 : delta > 0);
  return (
    <div className="rounded-xl border border-border bg-background p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-foreground tabular-nums">{value}</dd>
      <dd
        className={
          delta === null || delta === 0
            ? "text-xs text-muted-foreground"
            : better
              ? "text-xs text-success"
              : "text-xs text-destructive-text"
        }
      >
        {delta === null
          ? t("metrics.noComparison")
          : t("metrics.vsPrevious", {
              change: (delta > 0 ? "+" : "") + f.number(delta * 100, { maximumFractionDigits: 0 }) + " %",
            })}
      </dd>
    </div>
  );
}
