import { describe, expect, it } from "vitest";
import { dayRange, isTimeZone, monthRange, zonedTime } from "./time-zone";

describe("days in a time zone", () => {
  it("knows real zones only", () => {
    expect(isTimeZone("Asia/Tbilisi")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });

  it("puts 23:30 on a Sunday in Tbilisi (UTC+4) on that Sunday, though it is 19:30 UTC", () => {
    const sunday = zonedTime("Asia/Tbilisi", 2026, 11, 22, 23, 30);
    expect(new Date(sunday).toISOString()).toBe("2026-11-22T19:30:00.000Z");
    const [start, end] = dayRange("Asia/Tbilisi", sunday);
    expect(new Date(start).toISOString()).toBe("2026-11-21T20:00:00.000Z");
    expect(new Date(end).toISOString()).toBe("2026-11-22T20:00:00.000Z");
  });

  it("follows daylight saving: a Berlin day in March is 23 hours long", () => {
    const [start, end] = dayRange("Europe/Berlin", Date.UTC(2026, 2, 29, 12));
    expect(end - start).toBe(23 * 3600_000);
  });

  it("gives a month's bounds in the zone", () => {
    const [start, end] = monthRange("Asia/Tbilisi", "2026-12");
    expect(new Date(start).toISOString()).toBe("2026-11-30T20:00:00.000Z");
    expect(new Date(end).toISOString()).toBe("2026-12-31T20:00:00.000Z");
  });
});
