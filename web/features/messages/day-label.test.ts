import { describe, expect, it } from "vitest";
import { dayLabel, dayStart } from "./day-label";

const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).getTime();

describe("a chat's day line", () => {
  const now = at(2026, 11, 28, 9);

  it("says Today and Yesterday by local day, not by 24 hours", () => {
    expect(dayLabel(at(2026, 11, 28, 0), "en", now)).toBe("Today");
    expect(dayLabel(at(2026, 11, 27, 23), "en", now)).toBe("Yesterday");
    expect(dayLabel(at(2026, 11, 27, 23), "ru", now)).toBe("Вчера");
  });

  it("names older days by weekday and date, with the year only when it is another one", () => {
    expect(dayLabel(at(2026, 11, 24), "en", now)).toBe("Tuesday, November 24");
    expect(dayLabel(at(2025, 12, 31), "en", now)).toBe("Wednesday, December 31, 2025");
  });

  it("puts two times of one local day together", () => {
    expect(dayStart(at(2026, 11, 28, 0))).toBe(dayStart(at(2026, 11, 28, 23)));
    expect(dayStart(at(2026, 11, 28, 0))).not.toBe(dayStart(at(2026, 11, 27, 23)));
  });
});
