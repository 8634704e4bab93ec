import { useTranslation } from "react-i18next";
import { formatDateWith, intlDateOptions, type DateStyle } from "./dates";
import { formatsFor, type LocaleFormats } from "./locale-formats";
import { formatNumberWith, type NumberOptions } from "./numbers";

/** Dates and numbers in one language, the same in every browser. */
export type Formatter = {
  locale: string;
  /** 'Nov 22', with the year when it is not this year's ('Nov 22, 2025'). */
  date(ms: number, now?: number): string;
  /** 'November 22, 2026'. */
  longDate(ms: number): string;
  /** 'Sunday, November 22, 2026 at 9:30 PM'. */
  dateTime(ms: number): string;
  /** 'November 2026'. */
  monthYear(ms: number): string;
  number(value: number, options?: NumberOptions): string;
};

/**
 * Whether the browser's Intl has the language (a bare language tag, as the app's are): a format made
 * for it resolves to it, not to the browser's default. Asked
 * this way rather than with `supportedLocalesOf`, whose first call costs several times as much (it was
 * the single longest function of the feed's first render on a phone).
 */
const supports = (api: new (locale: string) => { resolvedOptions(): { locale: string } }, locale: string) =>
  new api(locale).resolvedOptions().locale.startsWith(locale);

/**
 * Intl where the browser has the language; otherwise (Georgian in Chromium) our own names and separators,
 * so no date or number falls back to English. A language we have no formats for is left to Intl.
 */
export function createFormatter(locale: string, formats: LocaleFormats | null = formatsFor(locale)): Formatter {
  const ownDates = formats !== null && !supports(Intl.DateTimeFormat, locale) ? formats : null;
  const ownNumbers = formats !== null && !supports(Intl.NumberFormat, locale) ? formats : null;
  const dateFormats = new Map<DateStyle, Intl.DateTimeFormat>();
  const numberFormats = new Map<string, Intl.NumberFormat>();

  const format = (ms: number, style: DateStyle) => {
    const date = new Date(ms);
    if (ownDates) return formatDateWith(ownDates, date, style);
    let intl = dateFormats.get(style);
    if (!intl) dateFormats.set(style, (intl = new Intl.DateTimeFormat(locale, intlDateOptions[style])));
    return intl.format(date);
  };

  return {
    locale,
    date: (ms, now = Date.now()) =>
      format(ms, new Date(ms).getFullYear() === new Date(now).getFullYear() ? "dayMonth" : "dayMonthYear"),
    longDate: (ms) => format(ms, "longDate"),
    dateTime: (ms) => format(ms, "dateTime"),
    monthYear: (ms) => format(ms, "monthYear"),
    number: (value, options = {}) => {
      if (ownNumbers) return formatNumberWith(ownNumbers, value, options);
      const key = `${options.minimumFractionDigits ?? ""}:${options.maximumFractionDigits ?? ""}`;
      let intl = numberFormats.get(key);
      if (!intl) numberFormats.set(key, (intl = new Intl.NumberFormat(locale, options)));
      return intl.format(value);
    },
  };
}

const formatters = new Map<string, Formatter>();

/** The formatter of a language, made once (a browser's Intl does not change while the page is open). */
export function formatterFor(locale: string): Formatter {
  let formatter = formatters.get(locale);
  if (!formatter) formatters.set(locale, (formatter = createFormatter(locale)));
  return formatter;
}

/** The formatter of the current UI language; components re-render when the language changes. */
export function useFormatter(): Formatter {
  const { i18n } = useTranslation();
  return formatterFor(i18n.language);
}
