/**
 * Calendar days in a viewer's time zone, as UTC milliseconds. The calendar filters ("today", the month
 * grid) mean the viewer's own day, not the server's; Intl knows each zone's offsets, daylight saving
 * included. Shared by the API (which filters) and the web (which draws the grid).
 */

/** Whether `zone` is an IANA time zone this runtime knows (e.g. "Asia/Tbilisi"). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

type Parts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function partsIn(zone: string, ms: number): Parts {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });
  const get = (type: string) => Number(format.formatToParts(new Date(ms)).find((p) => p.type === type)?.value ?? 0);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
    second: get("second"),
  };
}

/** How far `zone` is ahead of UTC at `ms`, in milliseconds. */
function offsetAt(zone: string, ms: number): number {
  const p = partsIn(zone, ms);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The instant a wall-clock time in `zone` happens (month 1-12; day and month may overflow, as with Date.UTC). */
export function zonedTime(zone: string, year: number, month: number, day: number, hour = 0, minute = 0): number {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const first = guess - offsetAt(zone, guess);
  // Once more with the offset at the found instant, for days when the clocks change.
  return guess - offsetAt(zone, first);
}

/** The local calendar date of `ms` in `zone`. */
export function localDate(zone: string, ms: number): { year: number; month: number; day: number } {
  const { year, month, day } = partsIn(zone, ms);
  return { year, month, day };
}

/** [start, end) of the day that contains `ms`, in `zone`. */
export function dayRange(zone: string, ms: number): [number, number] {
  const { year, month, day } = localDate(zone, ms);
  return [zonedTime(zone, year, month, day), zonedTime(zone, year, month, day + 1)];
}

/** [start, end) of a calendar month ("2026-11") in `zone`. */
export function monthRange(zone: string, month: string): [number, number] {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return [zonedTime(zone, y, m, 1), zonedTime(zone, y, m + 1, 1)];
}
