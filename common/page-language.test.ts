import { describe, expect, it } from "vitest";
import { acceptedLanguages, pageLanguage } from "./page-language";

describe("the language a page reads", () => {
  const none = { asked: null, saved: null, account: null, preferred: [] };

  it("takes the address's, then the device's choice, then the account's, then the browser's, then English", () => {
    expect(pageLanguage({ asked: "ru", saved: "ka", account: "en", preferred: ["ka"] })).toBe("ru");
    expect(pageLanguage({ ...none, saved: "ka", account: "ru", preferred: ["en"] })).toBe("ka");
    expect(pageLanguage({ ...none, account: "ru", preferred: ["ka"] })).toBe("ru");
    expect(pageLanguage({ ...none, preferred: ["de-DE", "ka-GE", "ru"] })).toBe("ka");
    expect(pageLanguage(none)).toBe("en");
  });

  it("skips what is not one of its languages", () => {
    expect(pageLanguage({ asked: "fr", saved: "", account: "de", preferred: ["zz", "RU-ru"] })).toBe("ru");
  });

  it("reads Accept-Language by weight, then order", () => {
    expect(acceptedLanguages("en;q=0.5, ka-GE, ru;q=0.9")).toEqual(["ka-GE", "ru", "en"]);
    expect(acceptedLanguages("*, ka;q=0")).toEqual([]);
    expect(acceptedLanguages(null)).toEqual([]);
  });
});
