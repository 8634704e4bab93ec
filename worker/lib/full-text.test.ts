import { describe, expect, it } from "vitest";
import { PREFIX_MAX, searchTerms } from "./full-text";

describe("searchTerms", () => {
  it("quotes every word, ANDs them and lets the last one be a prefix", () => {
    expect(searchTerms("garden Startu")).toEqual({
      expression: '"garden" "startu"*',
      words: ["garden", "startu"],
      prefix: "startu",
    });
    expect(searchTerms("a")).toEqual({ expression: '"a"', words: ["a"], prefix: null });
  });

  it("keeps quoted words together as a phrase, an unclosed one as a prefix phrase", () => {
    expect(searchTerms('"garden party" tonight').expression).toBe('"garden party" "tonight"*');
    expect(searchTerms('tonight "garden party"').expression).toBe('"tonight" "garden party"');
    expect(searchTerms('tonight "garden pa').expression).toBe('"tonight" "garden pa"*');
  });

  it("leaves no FTS5 syntax in the expression", () => {
    expect(searchTerms('NEAR(a b) headline:x {content}: -y ^z OR "').expression).toBe(
      '"near a" "b" "headline x" "content" "y" "z" "or"*',
    );
    expect(searchTerms('"" * ( ) : ^ -').expression).toBeNull();
    expect(searchTerms("foo-bar").expression).toBe('"foo bar"*');
  });

  it("looks for a longer typed word by its first PREFIX_MAX characters, the longest prefix index", () => {
    expect(searchTerms("benchmarking").expression).toBe('"benchmar"*');
    expect(searchTerms('garden "community gardening').expression).toBe('"garden" "community gardenin"*');
    expect(PREFIX_MAX).toBe(8);
    expect(searchTerms("benchmarking")).toMatchObject({ words: ["benchmar"], prefix: "benchmar" });
    // Not a prefix: the whole word.
    expect(searchTerms('"benchmarking"').expression).toBe('"benchmarking"');
    expect(searchTerms("benchmarking tools").expression).toBe('"benchmarking" "tools"*');
    expect(searchTerms("საზოგადოება").expression).toBe('"საზოგადო"*');
  });

  it("writes ё as е and folds Georgian capitals, as the index does", () => {
    expect(searchTerms("Ёлка").expression).toBe('"елка"*');
    expect(searchTerms("ᲗᲑᲘᲚᲘᲡᲘ").expression).toBe('"თბილისი"*');
  });
});
