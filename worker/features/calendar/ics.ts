import type { CalendarEvent } from "../../../common/contract/calendar";

/** An event as an iCalendar file (RFC 5545), for calendar apps' "Add to calendar". */

/**
 * TEXT values escape backslashes, semicolons and commas; every kind of line break (CRLF, a bare CR or
 * LF, U+2028, U+2029) becomes an escaped one, and other control characters, which RFC 5545 does not
 * allow in TEXT, are dropped: a raw one would end the content line and let the text write properties.
 */
const text = (value: string) =>
  value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|[\r\n\u2028\u2029]/g, "\\n")
    // eslint-disable-next-line no-control-regex -- the control characters are what this removes
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");

/** A URI value: nothing that could end the line. */
// eslint-disable-next-line no-control-regex -- the control characters are what this encodes
const uri = (value: string) => value.replace(/[\u0000-\u0020\u007f\u2028\u2029]/g, (ch) => encodeURIComponent(ch));

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

/**
 * A calendar of `events`: one for "Add to calendar", all a person attends for their feed. `host` is
 * the public origin's (APP_URL in production), so an event's UID is the same whichever address served it.
 */
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
    ...(event.eventUrl ? [`URL:${uri(event.eventUrl)}`] : []),
    `CATEGORIES:${text(event.eventType)}`,
    "END:VEVENT",
  ];
}

/**
 * A download's Content-Disposition named for the event ("Pitch night.ics"): the name as written for
 * browsers that read RFC 6266's filename*, and an ASCII one for the rest ("event.ics" when nothing of
 * the name is ASCII). Characters no file system takes are left out.
 */
export function icsDisposition(name: string): string {
  const clean = name
    // eslint-disable-next-line no-control-regex -- control characters have no place in a file name
    .replace(/[\u0000-\u001f\u007f"*/:<>?\\|\u2028\u2029]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 80)
    .trim();
  const ascii = clean
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const file = (base: string) => `${base || "event"}.ics`;
  return `attachment; filename="${file(ascii)}"; filename*=UTF-8''${encodeURIComponent(file(clean))}`;
}
