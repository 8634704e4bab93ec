import { languages } from "../../common/contract/enums";
import { loadFormats } from "../lib/format/locale-formats";

/** Intl as some browsers ship it, for tests of what the app writes without a language's data. */

const real = { DateTimeFormat: Intl.DateTimeFormat, NumberFormat: Intl.NumberFormat };

export function restoreIntl() {
  Object.assign(Intl, real);
}

/**
 * Intl as Chromium ships it for Georgian: `supportedLocalesOf` leaves the language out, and formats
 * asked for in it come out in English instead.
 */
export function lackIntlData(language: string) {
  const lacks = (tag: unknown) => typeof tag === "string" && tag.toLowerCase().split("-")[0] === language;
  const instead = language === "en" ? "ru" : "en-US";
  const strip = (locales?: string | readonly string[]) => {
    const kept = [locales ?? []].flat().filter((l) => !lacks(l));
    return kept.length > 0 ? kept : instead;
  };
  class DateTimeFormat extends real.DateTimeFormat {
    constructor(locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
      super(strip(locales), options);
    }
    static override supportedLocalesOf(locales: string | string[], options?: Intl.DateTimeFormatOptions) {
      return real.DateTimeFormat.supportedLocalesOf(locales, options).filter((l) => !lacks(l));
    }
  }
  class NumberFormat extends real.NumberFormat {
    constructor(locales?: string | string[], options?: Intl.NumberFormatOptions) {
      super(strip(locales), options);
    }
    static override supportedLocalesOf(locales: string | string[], options?: Intl.NumberFormatOptions) {
      return real.NumberFormat.supportedLocalesOf(locales, options).filter((l) => !lacks(l));
    }
  }
  Object.assign(Intl, { DateTimeFormat, NumberFormat });
}

/** Every language's own date and number formats, as the app loads each with its texts. */
export const loadAllFormats = () => Promise.all(languages.map(loadFormats));
