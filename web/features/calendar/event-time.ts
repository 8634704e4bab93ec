import type { Formatter } from "../../lib/format/formatter";

/** An event's time range in the viewer's language and zone: 'Sunday, November 22, 2026 at 9:30 PM – 10:30 PM'. */
export function formatEventRange(format: Pick<Formatter, "dateTime" | "time">, start: number, end: number): string {
  const sameDay = new Date(start).toDateString() === new Date(end).toDateString();
  return `${format.dateTime(start)} – ${sameDay ? format.time(end) : format.dateTime(end)}`;
}
