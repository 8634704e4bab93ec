/** An event's time range in the viewer's language and zone: 'Sunday, November 22, 2026 at 9:30 PM – 10:30 PM'. */
export function formatEventRange(locale: string, start: number, end: number, dateTime: (ms: number) => string): string {
  const time = new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit" });
  const sameDay = new Date(start).toDateString() === new Date(end).toDateString();
  return `${dateTime(start)} – ${sameDay ? time.format(end) : dateTime(end)}`;
}
