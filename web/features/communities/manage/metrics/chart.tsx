import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { Button } from "../../../../components/ui/button";

export type ChartSeries = {
  label: string;
  /** A null is a value nobody knows (a gap in the chart, a dash in the table). */
  values: (number | null)[];
  /** An app colour variable, e.g. "--primary". */
  color: string;
};

type ChartProps = {
  title: string;
  /** Start of each point's day or month, in milliseconds. */
  dates: number[];
  series: ChartSeries[];
  kind?: "line" | "bar";
  formatDate: (ms: number) => string;
  formatValue: (value: number) => string;
};

const cssVar = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/** Redraws on a theme switch (the `dark` class on <html>), so the chart takes the theme's colours. */
function useThemeVersion() {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const observer = new MutationObserver(() => setVersion((v) => v + 1));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    return () => observer.disconnect();
  }, []);
  return version;
}

/**
 * A line or bar chart drawn by uPlot in the app's colours, with its figures as a table on demand: the
 * canvas says nothing to a screen reader, so the table is the chart for keyboard and screen reader users.
 */
export function Chart({ title, dates, series, kind = "line", formatDate, formatValue }: ChartProps) {
  const { t } = useTranslation("communities");
  const box = useRef<HTMLDivElement>(null);
  const [asTable, setAsTable] = useState(false);
  const theme = useThemeVersion();
  const tableId = useId();

  useEffect(() => {
    const element = box.current;
    if (!element || asTable) return;
    const foreground = cssVar("--muted-foreground");
    const grid = cssVar("--border");
    const axis = {
      stroke: foreground,
      grid: { stroke: grid, width: 1 },
      ticks: { stroke: grid, width: 1 },
    };
    const bars = uPlot.paths.bars?.({ size: [0.7, 40] });
    const plot = new uPlot(
      {
        width: element.clientWidth || 320,
        height: 200,
        legend: { show: series.length > 1 },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true } },
        axes: [
          { ...axis, values: (_u, splits) => splits.map((s) => formatDate(s * 1000)) },
          { ...axis, size: 60, values: (_u, splits) => splits.map((s) => formatValue(s)) },
        ],
        series: [
          { label: t("metrics.date"), value: (_u, v) => (v == null ? "" : formatDate(v * 1000)) },
          ...series.map((s) => ({
            label: s.label,
            stroke: cssVar(s.color),
            fill: kind === "bar" ? cssVar(s.color) : undefined,
            width: 2,
            paths: kind === "bar" ? bars : undefined,
            points: { show: false },
            value: (_u: uPlot, v: number | null) => (v == null ? "" : formatValue(v)),
          })),
        ],
      },
      [dates.map((d) => d / 1000), ...series.map((s) => s.values)],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: 200 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [asTable, dates, series, kind, formatDate, formatValue, theme, t]);

  return (
    <figure className="min-w-0 space-y-2 rounded-xl border border-border bg-background p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <figcaption className="text-sm font-semibold text-foreground">{title}</figcaption>
        <Button variant="ghost" size="sm" aria-expanded={asTable} aria-controls={tableId} onClick={() => setAsTable((v) => !v)}>
          {asTable ? t("metrics.showChart") : t("metrics.showTable")}
        </Button>
      </div>
      {asTable ? (
        <div id={tableId} className="max-h-72 overflow-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="text-left text-muted-foreground">
                <th scope="col" className="py-1 pr-3 font-medium">
                  {t("metrics.date")}
                </th>
                {series.map((s) => (
                  <th key={s.label} scope="col" className="py-1 pr-3 text-right font-medium">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {dates.map((date, i) => (
                <tr key={date} className="border-t border-border text-foreground">
                  <th scope="row" className="py-1 pr-3 text-left font-normal">
                    {formatDate(date)}
                  </th>
                  {series.map((s) => (
                    <td key={s.label} className="py-1 pr-3 text-right tabular-nums">
                      {s.values[i] == null ? (
                        <span aria-label={t("metrics.unknown")} title={t("metrics.unknown")}>
                          —
                        </span>
                      ) : (
                        formatValue(s.values[i])
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div ref={box} id={tableId} aria-hidden="true" className="metrics-chart w-full text-foreground" />
      )}
    </figure>
  );
}
