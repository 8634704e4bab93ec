import i18next, { type i18n as I18n } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import en from "../locales/en.json";
import ka from "../locales/ka.json";
import ru from "../locales/ru.json";
import { lackIntlData, loadAllFormats, restoreIntl } from "../test/intl-data";
import { createFormatter } from "./format/formatter";
import { formatRelativeTime, toMillis, type RelativeTimeVariant } from "./time";

const NOW = Date.UTC(2026, 5, 15, 12, 0, 0);
const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

let i18n: I18n;
beforeAll(async () => {
  // As the app does, with each language's texts.
  await loadAllFormats();
  i18n = i18next.createInstance();
  await i18n.init({
    lng: "en",
    resources: { en: { translation: en }, ka: { translation: ka }, ru: { translation: ru } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
});

function rel(agoMs: number, lng = "en", variant: RelativeTimeVariant = "default") {
  return formatRelativeTime(NOW - agoMs, { t: i18n.getFixedT(lng), format: createFormatter(lng), variant, now: NOW });
}

describe("formatRelativeTime (spec 000 section 9)", () => {
  it("says 'Just now' under 60 seconds, including small clock skew into the future", () => {
    expect(rel(0)).toBe("Just now");
    expect(rel(59 * SEC)).toBe("Just now");
    expect(rel(-5 * SEC)).toBe("Just now");
  });

  it("counts minutes, hours and days with 'ago'", () => {
    expect(rel(60 * SEC)).toBe("1m ago");
    expect(rel(59 * MIN + 59 * SEC)).toBe("59m ago");
    expect(rel(HOUR)).toBe("1h ago");
    expect(rel(23 * HOUR + 59 * MIN)).toBe("23h ago");
    expect(rel(DAY)).toBe("1d ago");
    expect(rel(6 * DAY + 23 * HOUR)).toBe("6d ago");
  });

  it("switches to a locale date after 7 days", () => {
    const ms = NOW - 7 * DAY;
    expect(rel(7 * DAY)).toBe(createFormatter("en").date(ms, NOW));
    expect(rel(7 * DAY)).toBe("Jun 8");
  });

  it("keeps counting days up to 30 in the feed variant", () => {
    expect(rel(7 * DAY, "en", "feed")).toBe("7d ago");
    expect(rel(29 * DAY, "en", "feed")).toBe("29d ago");
    expect(rel(30 * DAY, "en", "feed")).toBe("May 16");
  });

  it("uses short forms without 'ago' for the messages dropdown", () => {
    expect(rel(10 * SEC, "en", "short")).toBe("now");
    expect(rel(5 * MIN, "en", "short")).toBe("5m");
    expect(rel(3 * HOUR, "en", "short")).toBe("3h");
    expect(rel(2 * DAY, "en", "short")).toBe("2d");
    // The short form switches to a date at 7 days, like the default one.
    expect(rel(6 * DAY + 23 * HOUR, "en", "short")).toBe("6d");
    expect(rel(7 * DAY, "en", "short")).toBe("Jun 8");
    expect(rel(8 * DAY, "en", "short")).toBe("Jun 7");
  });

  it("adds the year to dates from another year", () => {
    expect(
      formatRelativeTime(Date.UTC(2025, 11, 24, 12), { t: i18n.getFixedT("en"), format: createFormatter("en"), now: NOW }),
    ).toBe("Dec 24, 2025");
  });

  it("translates to Georgian", () => {
    expect(rel(30 * SEC, "ka")).toBe("ახლახან");
    expect(rel(5 * MIN, "ka")).toBe("5 წთ წინ");
    expect(rel(2 * HOUR, "ka")).toBe("2 სთ წინ");
    expect(rel(3 * DAY, "ka")).toBe("3 დღის წინ");
    expect(rel(5 * MIN, "ka", "short")).toBe("5 წთ");
  });

  it("uses Russian plural forms", () => {
    expect(rel(30 * SEC, "ru")).toBe("Только что");
    expect(rel(1 * DAY, "ru")).toBe("1 день назад");
    expect(rel(2 * DAY, "ru")).toBe("2 дня назад");
    expect(rel(5 * DAY, "ru")).toBe("5 дней назад");
    expect(rel(21 * DAY, "ru", "feed")).toBe("21 день назад");
    expect(rel(22 * DAY, "ru", "feed")).toBe("22 дня назад");
    expect(rel(25 * DAY, "ru", "feed")).toBe("25 дней назад");
    expect(rel(3 * HOUR, "ru", "short")).toBe("3 ч");
  });

  it("formats dates in the chosen language", () => {
    const ru8 = rel(8 * DAY, "ru");
    expect(ru8).toBe(new Intl.DateTimeFormat("ru", { month: "short", day: "numeric" }).format(new Date(NOW - 8 * DAY)));
    expect(ru8).not.toBe(rel(8 * DAY, "en"));
  });

  it("writes Georgian dates where the browser has no Georgian Intl data (Chromium)", () => {
    lackIntlData("ka");
    try {
      const t = i18n.getFixedT("ka");
      const format = createFormatter("ka");
      expect(formatRelativeTime(NOW - 8 * DAY, { t, format, now: NOW })).toBe("7 ივნ");
      expect(formatRelativeTime(Date.UTC(2025, 10, 22, 12), { t, format, now: NOW })).toBe("22 ნოე. 2025");
      expect(formatRelativeTime(NOW - 3 * DAY, { t, format, now: NOW })).toBe("3 დღის წინ");
    } finally {
      restoreIntl();
    }
  });

  it("returns null for missing or unparsable times", () => {
    expect(formatRelativeTime(null, { t: i18n.getFixedT("en"), format: createFormatter("en"), now: NOW })).toBeNull();
    expect(formatRelativeTime(undefined, { t: i18n.getFixedT("en"), format: createFormatter("en"), now: NOW })).toBeNull();
    expect(formatRelativeTime("not a date", { t: i18n.getFixedT("en"), format: createFormatter("en"), now: NOW })).toBeNull();
  });

  it("accepts milliseconds, ISO strings and Dates", () => {
    expect(toMillis(NOW)).toBe(NOW);
    expect(toMillis(new Date(NOW).toISOString())).toBe(NOW);
    expect(toMillis(new Date(NOW))).toBe(NOW);
  });
});
