import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lackIntlData, loadAllFormats, restoreIntl } from "../../test/intl-data";
import { billingKey, formatCount, formatGel, tetriToGelInput } from "./format";

afterAll(restoreIntl);

// As the app does, with each language's texts.
beforeAll(() => loadAllFormats());

describe("formatCount", () => {
  it("shows counts under a thousand in full", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
  });

  it("abbreviates thousands and millions like 1.5K", () => {
    expect(formatCount(1000)).toBe("1K");
    expect(formatCount(1500)).toBe("1.5K");
    expect(formatCount(1050)).toBe("1K");
    expect(formatCount(999_999)).toBe("999.9K");
    expect(formatCount(2_340_000)).toBe("2.3M");
  });

  it("uses the locale's decimal separator", () => {
    expect(formatCount(1500, "ru")).toBe("1,5K");
  });
});

describe("formatGel", () => {
  it("shows whole lari without decimals and the rest with two", () => {
    expect(formatGel(2900)).toBe("₾29");
    expect(formatGel(2950)).toBe("₾29.50");
    expect(formatGel(1)).toBe("₾0.01");
    expect(formatGel(123_456_00)).toBe("₾123,456");
  });

  it("turns tetri into what a price input shows", () => {
    expect(tetriToGelInput(2950)).toBe("29.5");
    expect(tetriToGelInput(0)).toBe("");
    expect(tetriToGelInput(null)).toBe("");
  });
});

describe("in Georgian where the browser's Intl lacks it (Chromium)", () => {
  it("writes counts and prices with a decimal comma and no-break-space groups", () => {
    // Before anything formats Georgian: formatters are made once per language.
    lackIntlData("ka");
    expect(formatCount(1500, "ka")).toBe("1,5K");
    expect(formatCount(999, "ka")).toBe("999");
    expect(formatGel(2950, "ka")).toBe("₾29,50");
    expect(formatGel(123_456_00, "ka")).toBe("₾123\u00a0456");
  });
});

describe("billingKey", () => {
  it("names the billing period of paid communities only", () => {
    expect(billingKey(false, null, null)).toBeNull();
    expect(billingKey(true, "single", null)).toBe("billing.oneTime");
    expect(billingKey(true, "subscription", "quarterly")).toBe("billing.per.quarterly");
    expect(billingKey(true, "subscription", null)).toBe("billing.per.monthly");
  });
});
