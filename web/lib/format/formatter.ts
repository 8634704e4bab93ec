import { useTranslation } from "react-i18next";
import { formatDateWith, intlDateOptions, type DateStyle } from "./dates";
import { formatsFor, speaks, type LocaleFormats } from "./locale-formats";
import { formatNumberWith, type NumberOptions } from "./numbers";

/** Dates and numbers in one language, the same in every browser. */
export type Formatter = {
  locale: string;
  /** 'Nov 22', with the year when it is not this year's ('Nov 22, 2025'). */
  date(ms: number, now?: number): string;
  /** 'November 22, 2026'. */
  longDate(ms: number): string;
  /** 'Sunday, November 22, 2026'. */
  fullDate(ms: number): string;
  /** 'Sunday, November 22, 2026 at 9:30 PM'. */
  dateTime(ms: number): string;
  /** 'November 2026'. */
  monthYear(ms: number): string;
  /** '9:30 PM'. */
  time(ms: number): string;
  /** 'Sun'. */
  weekdayShort(ms: number): string;
  number(value: number, options?: NumberOptions): string;
};

/**
 * Our own CLDR names, separators and patterns for the app's languages, `Intl` only for a language we
 * have no formats for. Chromium has no Georgian data, and the first format made with `Intl` on a page
 * loads the browser's locale data: the single longest function of a post page's first render on a phone
 * (about 130 ms at Lighthouse's 4x slowdown). Our own formats also write the same in every browser.
 */
export function createFormatter(locale: string, formats: LocaleFormats | null = formatsFor(locale)): Formatter {
  const dateFormats = new Map<DateStyle, Intl.DateTimeFormat>();
  const numberFormats = new Map<string, Intl.NumberFormat>();

  const format = (ms: number, style: DateStyle) => {
    const date = new Date(ms);
    if (formats) return formatDateWith(formats, date, style);
    let intl = dateFormats.get(style);
    if (!intl) dateFormats.set(style, (intl = new Intl.DateTimeFormat(locale, intlDateOptions[style])));
    return intl.format(date);
  };

  return {
    locale,
    date: (ms, now = Date.now()) =>
      format(ms, new Date(ms).getFullYear() === new Date(now).getFullYear() ? "dayMonth" : "dayMonthYear"),
    longDate: (ms) => format(ms, "longDate"),
    fullDate: (ms) => format(ms, "fullDate"),
    dateTime: (ms) => format(ms, "dateTime"),
    monthYear: (ms) => format(ms, "monthYear"),
    time: (ms) => format(ms, "time"),
    weekdayShort: (ms) => format(ms, "weekdayShort"),
    number: (value, options = {}) => {
      if (formats) return formatNumberWith(formats, value, options);
      const key = `${options.minimumFractionDigits ?? ""}:${options.maximumFractionDigits ?? ""}`;
      let intl = numberFormats.get(key);
      if (!intl) numberFormats.set(key, (intl = new Intl.NumberFormat(locale, options)));
      return intl.format(value);
    },
  };
}

const formatters = new Map<string, Formatter>();

/**
 * The formatter of a language, made once its formats are loaded (until then, one on Intl that is not
 * kept: the app loads a language's formats with its texts, before it shows the language).
 */
export function formatterFor(locale: string): Formatter {
  let formatter = formatters.get(locale);
  if (!formatter) {
    const formats = formatsFor(locale);
    formatter = createFormatter(locale, formats);
    if (formats || !speaks(locale)) formatters.set(locale, formatter);
  }
  return formatter;
}

/** The formatter of the current UI language; components re-render when the language changes. */
export function useFormatter(): Formatter {
  const { i18n } = useTranslation();
  return formatterFor(i18n.language);
}
