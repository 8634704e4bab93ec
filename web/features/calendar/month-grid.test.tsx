import { render, screen } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeLanguage, ensureNamespace, initI18n } from "../../lib/i18n";
import { lackIntlData, restoreIntl } from "../../test/intl-data";
import { formatterFor } from "../../lib/format/formatter";
import { formatEventRange } from "./event-time";
import { MonthGrid } from "./month-grid";

beforeAll(async () => {
  await initI18n("ka");
  await ensureNamespace("calendar");
  // Chromium's Intl has no Georgian: what the calendar writes must not come from it.
  lackIntlData("ka");
});

afterAll(async () => {
  restoreIntl();
  await changeLanguage("en", { persist: false });
});

describe("the calendar in Georgian where the browser's Intl lacks it (Chromium)", () => {
  it("heads the days with Georgian weekdays and names each day in full", () => {
    render(<MonthGrid month="2026-11" events={[]} />);
    // Weeks start on Monday.
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "ორშ",
      "სამ",
      "ოთხ",
      "ხუთ",
      "პარ",
      "შაბ",
      "კვი",
    ]);
    expect(screen.getByRole("gridcell", { name: "კვირა, 22 ნოემბერი, 2026" })).toBeTruthy();
  });

  it("writes an event's hours in Georgian's 24-hour clock", () => {
    const start = new Date(2026, 10, 22, 21, 30).getTime();
    expect(formatEventRange(formatterFor("ka"), start, start + 3_600_000)).toBe("კვირა, 22 ნოემბერი, 2026, 21:30 – 22:30");
  });
});
