import { describe, expect, it } from "vitest";
import { PREFIX_MAX, searchTerms } from "./full-text";

describe("searchTerms", () => {
  it("quotes every word, ANDs them and lets the last one be a prefix", () => {
    expect(searchTerms("garden Startu")).toEqual({
      expression: '"garden" "startu"*',
      words: ["garden", "startu"],
      prefix: "startu",
      whole: null,
    });
    expect(searchTerms("a")).toEqual({ expression: '"a"', words: ["a"], prefix: null, whole: null });
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

  it("offers the whole-word form of a typed word longer than PREFIX_MAX, the longest prefix index", () => {
    expect(PREFIX_MAX).toBe(8);
    expect(searchTerms("benchmarking")).toMatchObject({
      expression: '"benchmarking"*',
      whole: '"benchmarking"',
      prefix: "benchmarking",
    });
    expect(searchTerms('garden "community gardening')).toMatchObject({
      expression: '"garden" "community gardening"*',
      whole: '"garden" "community gardening"',
    });
    expect(searchTerms("benchmar").whole).toBeNull();
    expect(searchTerms('"benchmarking"')).toMatchObject({ expression: '"benchmarking"', whole: null });
    expect(searchTerms("benchmarking tools").whole).toBeNull();
    expect(searchTerms("საზოგადოება").whole).toBe('"საზოგადოება"');
  });

  it("writes ё as е and folds Georgian capitals, as the index does", () => {
    expect(searchTerms("Ёлка").expression).toBe('"елка"*');
    expect(searchTerms("ᲗᲑᲘᲚᲘᲡᲘ").expression).toBe('"თბილისი"*');
  });
});
