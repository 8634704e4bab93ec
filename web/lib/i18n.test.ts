import { afterAll, describe, expect, it } from "vitest";
import { lackIntlData, restoreIntl } from "../test/intl-data";
import { changeLanguage, detectLanguage, ensureNamespace, i18n, initI18n } from "./i18n";

afterAll(async () => {
  restoreIntl();
  await changeLanguage("en", { persist: false });
});

describe("numbers in texts", () => {
  it("are written in the text's language, with Georgian separators even where Intl lacks Georgian", async () => {
    // Before anything formats: formatters are made once per language.
    lackIntlData("ka");
    await initI18n("ka");
    await ensureNamespace("communities");
    expect(i18n.t("communities:members.points", { count: 12_345 })).toBe("12\u00a0345 ქულა");
    expect(i18n.t("communities:members.points", { count: 1234 })).toBe("1234 ქულა");
    await changeLanguage("ru", { persist: false });
    expect(i18n.t("communities:members.points", { count: 1234 })).toBe("1\u00a0234 балла");
    expect(i18n.t("communities:members.points", { count: 1225 })).toBe("1\u00a0225 баллов");
    expect(i18n.t("communities:members.points", { count: 21 })).toBe("21 балл");
    await changeLanguage("en", { persist: false });
    expect(i18n.t("communities:members.points", { count: 1234 })).toBe("1,234 points");
  });
});

describe("the language of a visit", () => {
  it("is the one the address asks for (the hreflang links), over the saved choice", () => {
    localStorage.setItem("language", "ru");
    window.history.replaceState(null, "", "/communities/explore?lang=ka");
    expect(detectLanguage()).toBe("ka");
    window.history.replaceState(null, "", "/communities/explore?lang=xx");
    expect(detectLanguage()).toBe("ru");
    window.history.replaceState(null, "", "/");
    localStorage.removeItem("language");
  });
});
