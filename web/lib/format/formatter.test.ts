import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Language } from "../../../common/contract/enums";
import { lackIntlData, loadAllFormats, restoreIntl } from "../../test/intl-data";
import { intlDateOptions, type DateStyle } from "./dates";
import { createFormatter, formatterFor, type Formatter } from "./formatter";
import { formatsFor } from "./locale-formats";

afterEach(restoreIntl);
beforeAll(loadAllFormats);

const at = (month: number, day = 22, year = 2026, hours = 21, minutes = 30) =>
  new Date(year, month, day, hours, minutes).getTime();
const NOW = at(5, 15);
const MONTHS = Array.from({ length: 12 }, (_, m) => m);
const NUMBERS = [0, 7, 999, 1000, 1234, 9999, 12_345, 123_456, 1_234_567, -1_234_567, 0.5, 1.005, 2.675, 1234.5678];

/** What the browser's Intl writes, with the language's data: the reference our own formats are held to. */
function intlFormatter(locale: string): Formatter {
  const format = (style: DateStyle) => (ms: number) => new Intl.DateTimeFormat(locale, intlDateOptions[style]).format(ms);
  return {
    locale,
    date: (ms, now = Date.now()) =>
      format(new Date(ms).getFullYear() === new Date(now).getFullYear() ? "dayMonth" : "dayMonthYear")(ms),
    longDate: format("longDate"),
    fullDate: format("fullDate"),
    dateTime: format("dateTime"),
    monthYear: format("monthYear"),
    time: format("time"),
    weekdayShort: format("weekdayShort"),
    number: (value, options = {}) => new Intl.NumberFormat(locale, options).format(value),
  };
}

/** Everything a formatter writes for our sample dates and numbers. */
function sample(f: Formatter) {
  return {
    dates: MONTHS.flatMap((m) => [
      f.date(at(m), NOW),
      f.date(at(m, 5, 2025, 9, 5), NOW),
      f.longDate(at(m, 1)),
      f.dateTime(at(m, 3 + m, 2026, m * 2, m * 5)),
      f.monthYear(at(m, 15)),
      f.fullDate(at(m, 1 + m)),
      f.time(at(m, 22, 2026, m * 2, m * 5)),
      f.weekdayShort(at(m, 1 + m)),
    ]),
    numbers: NUMBERS.flatMap((n) => [
      f.number(n),
      f.number(n, { maximumFractionDigits: 1 }),
      f.number(n, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    ]),
  };
}

describe("formatter without the browser's Intl data", () => {
  it("is tested against an Intl that really lacks the language, as Chromium's does for Georgian", () => {
    lackIntlData("ka");
    expect(Intl.DateTimeFormat.supportedLocalesOf(["ka"])).toEqual([]);
    expect(new Intl.DateTimeFormat("ka", { month: "short", day: "numeric" }).format(at(10))).toBe("Nov 22");
    expect(new Intl.NumberFormat("ka").format(1234.5)).toBe("1,234.5");
  });

  it("writes Georgian months, weekdays and CLDR's date order", () => {
    lackIntlData("ka");
    const ka = createFormatter("ka");
    expect(ka.date(at(10), NOW)).toBe("22 ნოე");
    expect(ka.date(at(0, 3, 2025), NOW)).toBe("3 იან. 2025");
    expect(ka.longDate(at(10))).toBe("22 ნოემბერი, 2026");
    expect(ka.longDate(at(4, 5))).toBe("5 მაისი, 2026");
    expect(ka.dateTime(at(10))).toBe("კვირა, 22 ნოემბერი, 2026, 21:30");
    expect(ka.dateTime(at(1, 3, 2026, 9, 5))).toBe("სამშაბათი, 3 თებერვალი, 2026, 9:05");
  });

  it("writes Russian months in the genitive, with 'г.' after the year", () => {
    lackIntlData("ru");
    const ru = createFormatter("ru");
    expect(ru.date(at(10), NOW)).toBe("22 нояб.");
    expect(ru.date(at(4, 5), NOW)).toBe("5 мая");
    expect(ru.date(at(8, 1, 2025), NOW)).toBe("1 сент. 2025 г.");
    expect(ru.longDate(at(10))).toBe("22 ноября 2026 г.");
    expect(ru.dateTime(at(10))).toBe("воскресенье, 22 ноября 2026 г. в 21:30");
  });

  it("groups digits with a no-break space and writes a decimal comma (Georgian leaves four digits whole)", () => {
    lackIntlData("ka");
    const ka = createFormatter("ka");
    expect(ka.number(1234)).toBe("1234");
    expect(ka.number(12_345)).toBe("12\u00a0345");
    expect(ka.number(1_234_567.5)).toBe("1\u00a0234\u00a0567,5");
    expect(ka.number(29.5, { minimumFractionDigits: 2 })).toBe("29,50");
    expect(ka.number(1.005, { maximumFractionDigits: 2 })).toBe("1,01");
    expect(ka.number(-0.01, { maximumFractionDigits: 1 })).toBe("0");
    lackIntlData("ru");
    const ru = createFormatter("ru");
    expect(ru.number(1234)).toBe("1\u00a0234");
    expect(ru.number(1.5)).toBe("1,5");
  });

  // Node's ICU has full CLDR data for all three, like Firefox and WebKit: our own formats must write
  // exactly what Intl writes with the data, whether or not the browser has it.
  it.each<Language>(["ka", "ru", "en"])("writes in %s exactly what Intl writes with the language's data", (language) => {
    const reference = sample(intlFormatter(language));
    expect(sample(createFormatter(language))).toEqual(reference);
    lackIntlData(language);
    expect(sample(createFormatter(language))).toEqual(reference);
  });

  it("writes a month standing alone as each language does (Russian in the nominative)", () => {
    expect(createFormatter("ru").monthYear(at(10))).toBe("ноябрь 2026 г.");
    expect(createFormatter("ka").monthYear(at(10))).toBe("ნოემბერი, 2026");
    expect(createFormatter("en").monthYear(at(10))).toBe("November 2026");
  });

  it("has each language's formats once they are loaded, for any tag of the language", () => {
    expect(formatsFor("ru-RU")?.decimal).toBe(",");
    expect(formatsFor("de")).toBeNull();
    expect(formatterFor("ka")).toBe(formatterFor("ka"));
  });

  it("leaves a language it has no formats for to Intl", () => {
    expect(createFormatter("de").date(at(10), NOW)).toBe(
      new Intl.DateTimeFormat("de", { month: "short", day: "numeric" }).format(at(10)),
    );
    expect(createFormatter("de").number(1234.5)).toBe("1.234,5");
  });
});
