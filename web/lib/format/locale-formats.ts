import { isLanguage, type Language } from "../../../common/contract/enums";

/**
 * What a language needs to write dates and numbers without the browser's `Intl`: CLDR's names,
 * separators and patterns (in locales/formats), written exactly as an `Intl` with the language's data
 * writes them (formatter.test.ts holds them to it).
 * Each pattern fills `{{placeholders}}` from the date: day, month, year, weekday, hours (0-23),
 * hours12, minutes (two digits), period, and `dateTime` also takes the long date and the time.
 */
export type LocaleFormats = {
  /** Month names as they stand in a date with a day (Russian genitive: '22 ноября'). */
  months: string[];
  /** Month names standing alone, where they differ from `months` (Russian nominative: 'ноябрь 2026 г.'). */
  monthsStandalone?: string[];
  /** Abbreviated month names as they stand in a date with a day ('22 нояб.'). */
  monthsShort: string[];
  /** Sunday first, as `Date.getDay()` counts. */
  weekdays: string[];
  /** Sunday first: 'Sun', 'вс'. */
  weekdaysShort: string[];
  /** Before and after noon, for languages that write a 12-hour clock. */
  dayPeriods?: string[];
  decimal: string;
  group: string;
  /** CLDR's minimum grouping digits: with 2, four-digit numbers stay whole (Georgian '1234' but '12 345'). */
  minimumGroupingDigits: number;
  patterns: {
    dayMonth: string;
    dayMonthYear: string;
    longDate: string;
    monthYear: string;
    fullDate: string;
    time: string;
    dateTime: string;
  };
};

// Each language's formats are their own chunk and load with its texts (web/lib/i18n.ts), as the texts do.
const loaders: Record<Language, () => Promise<{ default: LocaleFormats }>> = {
  en: () => import("../../locales/formats/en.json"),
  ka: () => import("../../locales/formats/ka.json"),
  ru: () => import("../../locales/formats/ru.json"),
};
const loaded = new Map<Language, LocaleFormats>();

const languageOf = (locale: string): Language | null => {
  const base = locale.toLowerCase().split("-")[0] ?? "";
  return isLanguage(base) ? base : null;
};

/** Loads a language's formats (once); the app does so before it shows anything in the language. */
export async function loadFormats(language: Language): Promise<LocaleFormats> {
  let formats = loaded.get(language);
  if (!formats) loaded.set(language, (formats = (await loaders[language]()).default));
  return formats;
}

/** Whether the language tag ('ka', 'ka-GE') is one of ours, whose formats are to be loaded. */
export const speaks = (locale: string) => languageOf(locale) !== null;

/** The loaded formats of a language tag, or null (a language we do not speak, or not loaded yet). */
export function formatsFor(locale: string): LocaleFormats | null {
  const language = languageOf(locale);
  return (language && loaded.get(language)) ?? null;
}
