import { useTranslation } from "react-i18next";
import type { CalendarEvent } from "../../../common/contract/calendar";
import { cn } from "../../lib/cn";
import { useFormatter } from "../../lib/format/formatter";

const MAX_IN_CELL = 2;

/** "2026-11" for a date, in the viewer's own zone (the browser's, as the list uses). */
export const monthOf = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}`;

export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return monthOf(new Date(y, m - 1 + delta, 1));
}

/** The weeks of the grid, Monday first: every day shown, including the neighbouring months' edges. */
function gridDays(month: string): Date[] {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const first = new Date(y, m - 1, 1);
  const lead = (first.getDay() + 6) % 7;
  const days: Date[] = [];
  for (let i = -lead; days.length < 42; i++) days.push(new Date(y, m - 1, 1 + i));
  return days;
}

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/** A month as a grid of days with their events' names; the cards of the month follow it. */
export function MonthGrid({ month, events }: { month: string; events: CalendarEvent[] }) {
  const { t } = useTranslation("calendar");
  const format = useFormatter();
  const days = gridDays(month);
  const [, m] = month.split("-").map(Number) as [number, number];
  const today = new Date();
  return (
    <div className="overflow-hidden rounded-2xl border border-border bg-surface" role="grid" aria-readonly="true">
      <div
        role="row"
        className="grid grid-cols-7 border-b border-border bg-muted text-center text-xs font-medium text-muted-foreground"
      >
        {days.slice(0, 7).map((d) => (
          <div role="columnheader" key={d.toISOString()} className="p-2">
            {format.weekdayShort(d.getTime())}
          </div>
        ))}
      </div>
      {[0, 1, 2, 3, 4, 5].map((week) => (
        <div role="row" key={week} className="grid grid-cols-7">
          {days.slice(week * 7, week * 7 + 7).map((day) => {
            const onDay = events.filter((e) => sameDay(new Date(e.startTime), day));
            const outside = day.getMonth() + 1 !== m;
            return (
              <div
                role="gridcell"
                key={day.toISOString()}
                aria-label={format.fullDate(day.getTime())}
                className={cn(
                  "min-h-20 border-b border-r border-border p-1 text-xs sm:min-h-24",
                  outside && "bg-muted/50 text-muted-foreground",
                )}
              >
                <span
                  className={cn(
                    "inline-flex h-6 w-6 items-center justify-center rounded-full",
                    sameDay(day, today) && "bg-primary font-semibold text-primary-foreground",
                  )}
                >
                  {day.getDate()}
                </span>
                <ul className="mt-1 space-y-0.5">
                  {onDay.slice(0, MAX_IN_CELL).map((e) => (
                    <li key={e.id} className="truncate rounded bg-primary/10 px-1 text-foreground" title={e.name}>
                      {e.name}
                    </li>
                  ))}
                  {onDay.length > MAX_IN_CELL && (
                    <li className="px-1 text-muted-foreground">{t("month.more", { count: onDay.length - MAX_IN_CELL })}</li>
                  )}
                </ul>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
