import { describe, expect, it } from "vitest";
import { blankKeys, flatten, missingKeys, placeholderMismatches, untranslatedKeys } from "../../tests/locale-checks";
import { mailTexts } from "./mail-texts";

const flat = Object.fromEntries(Object.entries(mailTexts).map(([lng, texts]) => [lng, flatten(texts)]));
const languages = Object.keys(flat);

describe("mail texts", () => {
  it.each(languages)("%s has every key the others have", (lng) => {
    for (const other of languages)
      expect(missingKeys(flat[lng]!, flat[other]!), `keys in ${other} but not in ${lng}`).toEqual([]);
  });

  it.each(languages)("%s has no empty or non-string values", (lng) => {
    expect(blankKeys(flat[lng]!)).toEqual([]);
  });

  it.each(["ka", "ru"])("%s uses the same placeholders as English", (lng) => {
    expect(placeholderMismatches(flat.en!, flat[lng]!)).toEqual([]);
  });

  it.each(["ka", "ru"])("%s is translated (no English left but the brand name)", (lng) => {
    expect(untranslatedKeys(flat[lng]!, ["Agora"])).toEqual([]);
  });
});
