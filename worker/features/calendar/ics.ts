import type { CalendarEvent } from "../../../common/contract/calendar";

/** An event as an iCalendar file (RFC 5545), for calendar apps' "Add to calendar". */

/** TEXT values escape backslashes, semicolons, commas and line breaks. */
const text = (value: string) => value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

/** 20261122T193000Z */
const utc = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** Content lines are folded at 75 octets, never inside a UTF-8 character. */
function fold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    if (size + bytes > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** A calendar of `events`: one for "Add to calendar", all a person attends for their feed. */
export function calendarIcs(events: CalendarEvent[], host: string, now = Date.now()): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Agora//Community calendar//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...events.flatMap((event) => eventLines(event, host, now)),
    "END:VCALENDAR",
  ];
  return lines.map(fold).join("\r\n") + "\r\n";
}

function eventLines(event: CalendarEvent, host: string, now: number): string[] {
  return [
    "BEGIN:VEVENT",
    `UID:${event.id}@${host}`,
    `DTSTAMP:${utc(now)}`,
    `DTSTART:${utc(event.startTime)}`,
    `DTEND:${utc(event.endTime)}`,
    `SUMMARY:${text(event.name)}`,
    `LOCATION:${text(event.location)}`,
    ...(event.description ? [`DESCRIPTION:${text(event.description)}`] : []),
    ...(event.eventUrl ? [`URL:${event.eventUrl}`] : []),
    `CATEGORIES:${text(event.eventType)}`,
    "END:VEVENT",
  ];
}
