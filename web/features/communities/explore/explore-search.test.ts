import { describe, expect, it } from "vitest";
import { activeFilterCount, applyDraft, draftFromSearch, isFiltered, toApiQuery } from "./explore-filters";
import { validateExploreSearch } from "../../../../common/explore-search";

describe("validateExploreSearch", () => {
  it("leaves defaults out of the address", () => {
    expect(validateExploreSearch({})).toEqual({});
    expect(validateExploreSearch({ sort: "popular", q: "  ", price: "all", paymentType: "all" })).toEqual({});
  });

  it("keeps valid filters and reads numbers given as strings", () => {
    expect(
      validateExploreSearch({
        q: " startups ",
        category: "business",
        price: "paid",
        minPrice: "10",
        maxPrice: 49.999,
        paymentType: "subscription",
        minMembers: "25.7",
        sort: "price_low",
      }),
    ).toEqual({
      q: "startups",
      category: "business",
      price: "paid",
      minPrice: 10,
      maxPrice: 50,
      paymentType: "subscription",
      minMembers: 25,
      sort: "price_low",
    });
  });

  it("drops unknown and malformed values", () => {
    expect(
      validateExploreSearch({ category: "cooking", price: "cheap", minMembers: "-4", sort: "random", paymentType: 3 }),
    ).toEqual({});
  });

  it("only keeps a price range with the paid filter, and swaps a reversed one", () => {
    expect(validateExploreSearch({ price: "free", minPrice: 5, maxPrice: 10 })).toEqual({ price: "free" });
    expect(validateExploreSearch({ price: "paid", minPrice: 50, maxPrice: 10 })).toEqual({
      price: "paid",
      minPrice: 10,
      maxPrice: 50,
    });
  });
});

describe("toApiQuery", () => {
  it("sends only what narrows the list", () => {
    expect(toApiQuery({})).toEqual({});
    expect(toApiQuery({ q: "run", category: "sports", price: "paid", minPrice: 5, sort: "newest" })).toEqual({
      q: "run",
      category: "sports",
      price: "paid",
      minPrice: 5,
      sort: "newest",
    });
  });
});

describe("filters dialog round trip", () => {
  it("fills the dialog from the address and applies it back, keeping text, category and sort", () => {
    const search = validateExploreSearch({ q: "art", category: "arts", sort: "oldest", price: "paid", maxPrice: 30 });
    const draft = draftFromSearch(search);
    expect(draft).toEqual({ price: "paid", minPrice: "", maxPrice: "30", paymentType: "all", minMembers: "" });
    const next = applyDraft(search, { ...draft, price: "free", minMembers: "100" });
    expect(next).toEqual({ q: "art", category: "arts", sort: "oldest", price: "free", minMembers: 100 });
  });

  it("counts the dialog's active filters and knows when anything narrows the list", () => {
    expect(activeFilterCount({ price: "paid", minPrice: 3, minMembers: 10 })).toBe(2);
    expect(isFiltered({ sort: "newest" })).toBe(false);
    expect(isFiltered({ category: "music" })).toBe(true);
  });
});
