import { fillTemplate } from "../../../common/template";
import type { LocaleFormats } from "./locale-formats";

/**
 * The date forms the app shows:
 * dayMonth 'Nov 22', dayMonthYear 'Nov 22, 2025', longDate 'November 22, 2026',
 * fullDate 'Sunday, November 22, 2026', dateTime 'Sunday, November 22, 2026 at 9:30 PM',
 * monthYear 'November 2026', time '9:30 PM', weekdayShort 'Sun'.
 */
export type DateStyle =
  "dayMonth" | "dayMonthYear" | "longDate" | "fullDate" | "dateTime" | "monthYear" | "time" | "weekdayShort";

export const intlDateOptions: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  dayMonth: { month: "short", day: "numeric" },
  dayMonthYear: { month: "short", day: "numeric", year: "numeric" },
  longDate: { year: "numeric", month: "long", day: "numeric" },
  fullDate: { weekday: "long", year: "numeric", month: "long", day: "numeric" },
  dateTime: { weekday: "long", year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" },
  monthYear: { month: "long", year: "numeric" },
  time: { hour: "numeric", minute: "2-digit" },
  weekdayShort: { weekday: "short" },
};

/** A date in the browser's time zone, as Intl writes it, from the language's own names and patterns. */
export function formatDateWith(f: LocaleFormats, date: Date, style: DateStyle): string {
  const day = date.getDate();
  const month = date.getMonth();
  const year = date.getFullYear();
  const { patterns } = f;
  switch (style) {
    case "dayMonth":
      return fillTemplate(patterns.dayMonth, { day, month: f.monthsShort[month]! });
    case "dayMonthYear":
      return fillTemplate(patterns.dayMonthYear, { day, month: f.monthsShort[month]!, year });
    case "longDate":
      return fillTemplate(patterns.longDate, { day, month: f.months[month]!, year });
    case "monthYear":
      return fillTemplate(patterns.monthYear, { month: (f.monthsStandalone ?? f.months)[month]!, year });
    case "fullDate":
      return fillTemplate(patterns.fullDate, { weekday: f.weekdays[date.getDay()]!, date: formatDateWith(f, date, "longDate") });
    case "weekdayShort":
      return f.weekdaysShort[date.getDay()]!;
    case "time": {
      const hours = date.getHours();
      return fillTemplate(patterns.time, {
        hours,
        hours12: hours % 12 || 12,
        minutes: String(date.getMinutes()).padStart(2, "0"),
        period: f.dayPeriods?.[hours < 12 ? 0 : 1] ?? "",
      });
    }
    case "dateTime":
      return fillTemplate(patterns.dateTime, {
        weekday: f.weekdays[date.getDay()]!,
        date: formatDateWith(f, date, "longDate"),
        time: formatDateWith(f, date, "time"),
      });
  }
}
