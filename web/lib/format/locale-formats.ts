import en from "../../locales/formats/en.json";
import ka from "../../locales/formats/ka.json";
import ru from "../../locales/formats/ru.json";
import type { Language } from "../../../common/contract/enums";

/**
 * What a language needs to write dates and numbers without the browser's help: Chromium ships no
 * Georgian data for `Intl`, so there our own names and separators (CLDR's, in locales/formats) stand in.
 * Each pattern fills `{{placeholders}}` from the date: day, month, year, weekday, hours (0-23),
 * hours12, minutes (two digits), period, and `dateTime` also takes the long date and the time.
 */
export type LocaleFormats = {
  /** Month names as they stand in a date with a day (Russian genitive: '22 ноября'). */
  months: string[];
  /** Abbreviated month names as they stand in a date with a day ('22 нояб.'). */
  monthsShort: string[];
  /** Sunday first, as `Date.getDay()` counts. */
  weekdays: string[];
  /** Before and after noon, for languages that write a 12-hour clock. */
  dayPeriods?: string[];
  decimal: string;
  group: string;
  /** CLDR's minimum grouping digits: with 2, four-digit numbers stay whole (Georgian '1234' but '12 345'). */
  minimumGroupingDigits: number;
  patterns: { dayMonth: string; dayMonthYear: string; longDate: string; time: string; dateTime: string };
};

export const localeFormats: Record<Language, LocaleFormats> = { en, ka, ru };

/** The formats of a language tag ('ka', 'ka-GE'), or null for a language we do not speak. */
export function formatsFor(locale: string): LocaleFormats | null {
  const base = locale.toLowerCase().split("-")[0];
  return base && base in localeFormats ? localeFormats[base as Language] : null;
}
