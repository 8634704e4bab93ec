import { describe, expect, it } from "vitest";
import type { CalendarEvent } from "../../../common/contract/calendar";
import { calendarIcs, icsDisposition } from "./ics";

const event = (overrides: Partial<CalendarEvent> = {}) =>
  ({
    id: "0190a000-0000-7000-8000-000000000001",
    name: "Pitch night",
    location: "Tbilisi",
    description: null,
    eventUrl: null,
    eventType: "online",
    startTime: Date.UTC(2030, 0, 15, 15, 30),
    endTime: Date.UTC(2030, 0, 15, 16, 30),
    ...overrides,
  }) as CalendarEvent;

/** The file's content lines, unfolded (a line that starts with a space continues the one before). */
const contentLines = (ics: string) => ics.replace(/\r\n /g, "").split("\r\n").filter(Boolean);

describe("an event's .ics", () => {
  it("keeps every line break and control character of a text inside its own property", () => {
    const sneaky = "One\rDTSTART:19700101T000000Z\u2028Two\u2029Three\nFour\r\nFive\u0000\u001b[0m\tSix";
    const ics = calendarIcs([event({ name: sneaky, description: sneaky, location: sneaky })], "agora.example");
    const lines = contentLines(ics);
    // A bare CR or a line separator would have started a line of its own (a forged DTSTART).
    expect(lines.filter((line) => line.startsWith("DTSTART:"))).toEqual(["DTSTART:20300115T153000Z"]);
    // eslint-disable-next-line no-control-regex -- control characters are what must not be there
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n\u2028\u2029\u0000\u001b]/);
    const escaped = "One\\nDTSTART:19700101T000000Z\\nTwo\\nThree\\nFour\\nFive[0m\tSix";
    expect(lines).toContain(`SUMMARY:${escaped}`);
    expect(lines).toContain(`DESCRIPTION:${escaped}`);
    expect(lines).toContain(`LOCATION:${escaped}`);
  });

  it("writes a URL without anything that could end its line, and one UID per event whatever served it", () => {
    const ics = calendarIcs([event({ eventUrl: "https://meet.example/x\r\nATTACH:evil" })], "agora.example");
    expect(contentLines(ics)).toContain("URL:https://meet.example/x%0D%0AATTACH:evil");
    expect(contentLines(ics)).toContain("UID:0190a000-0000-7000-8000-000000000001@agora.example");
  });

  it("names the download after the event, with an ASCII name for older browsers", () => {
    expect(icsDisposition("Pitch night")).toBe(`attachment; filename="Pitch night.ics"; filename*=UTF-8''Pitch%20night.ics`);
    expect(icsDisposition("ქართული საღამო")).toBe(
      `attachment; filename="event.ics"; filename*=UTF-8''${encodeURIComponent("ქართული საღამო.ics")}`,
    );
    expect(icsDisposition('a/b\\c:"d"\r\ne')).toBe(
      `attachment; filename="a b c d e.ics"; filename*=UTF-8''a%20b%20c%20d%20e.ics`,
    );
  });
});
