/**
 * The line a chat's history shows where a new day starts: "Today", "Yesterday", then the weekday and
 * date (with the year once it is not this one), in the reader's language and local days. The browser's
 * Intl words these, so ka and ru need no texts of ours.
 */

const DAY = 24 * 60 * 60 * 1000;
const relative = new Map<string, Intl.RelativeTimeFormat>();
const dates = new Map<string, Intl.DateTimeFormat>();

/** Local midnight before `ms`: two times share a day when these are equal. */
export const dayStart = (ms: number) => new Date(ms).setHours(0, 0, 0, 0);

function cached<T>(map: Map<string, T>, key: string, make: () => T): T {
  let value = map.get(key);
  if (!value) map.set(key, (value = make()));
  return value;
}

export function dayLabel(ms: number, locale: string, now = Date.now()): string {
  // Whole local days apart, safe across a daylight-saving change (a day of 23 or 25 hours).
  const days = Math.round((dayStart(now) - dayStart(ms)) / DAY);
  if (days === 0 || days === 1) {
    const words = cached(relative, locale, () => new Intl.RelativeTimeFormat(locale, { numeric: "auto" })).format(-days, "day");
    return words.charAt(0).toLocaleUpperCase(locale) + words.slice(1);
  }
  const sameYear = new Date(ms).getFullYear() === new Date(now).getFullYear();
  const format = cached(
    dates,
    `${locale}:${sameYear}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        weekday: "long",
        day: "numeric",
        month: "long",
        ...(sameYear ? {} : { year: "numeric" }),
      }),
  );
  return format.format(ms);
}
