import type { PriceFilter } from "../../../../common/contract/enums";
import type { PaymentType } from "../../../../common/catalog";
import type { ExploreApiQuery } from "../queries";
import { validateExploreSearch, type ExploreSearch } from "../../../../common/explore-search";

// Apart from explore-search.ts: the route validates the address with it, so it loads with the first page;
// what only the explore screen uses loads with the screen.

export type PaymentTypeFilter = "all" | PaymentType;

/** The GET /api/communities parameters for these filters (prices stay in GEL, as the API expects). */
export function toApiQuery(search: ExploreSearch): ExploreApiQuery {
  const query: ExploreApiQuery = {};
  if (search.q) query.q = search.q;
  if (search.category) query.category = search.category;
  if (search.price) query.price = search.price;
  if (search.price === "paid") {
    if (search.minPrice !== undefined) query.minPrice = search.minPrice;
    if (search.maxPrice !== undefined) query.maxPrice = search.maxPrice;
  }
  if (search.paymentType) query.paymentType = search.paymentType;
  if (search.minMembers) query.minMembers = search.minMembers;
  if (search.sort) query.sort = search.sort;
  return query;
}

/** How many Filters-dialog settings differ from the defaults (the number on the Filters button). */
export function activeFilterCount(search: ExploreSearch): number {
  return [search.price, search.paymentType, search.minMembers].filter((v) => v !== undefined).length;
}

/** Anything narrowing the list: search text, a category or a dialog filter. */
export function isFiltered(search: ExploreSearch): boolean {
  return Boolean(search.q || search.category || activeFilterCount(search) > 0);
}

/** The dialog's editable state: strings for the number inputs, so a half-typed value is not lost. */
export type FilterDraft = {
  price: PriceFilter;
  minPrice: string;
  maxPrice: string;
  paymentType: PaymentTypeFilter;
  minMembers: string;
};

export function draftFromSearch(search: ExploreSearch): FilterDraft {
  return {
    price: search.price ?? "all",
    minPrice: search.minPrice !== undefined ? String(search.minPrice) : "",
    maxPrice: search.maxPrice !== undefined ? String(search.maxPrice) : "",
    paymentType: search.paymentType ?? "all",
    minMembers: search.minMembers !== undefined ? String(search.minMembers) : "",
  };
}

/** Applies the dialog to the current search, keeping text, category and sort. */
export function applyDraft(search: ExploreSearch, draft: FilterDraft): ExploreSearch {
  const { q, category, sort } = search;
  return validateExploreSearch({
    q,
    category,
    sort,
    price: draft.price === "all" ? undefined : draft.price,
    minPrice: draft.minPrice,
    maxPrice: draft.maxPrice,
    paymentType: draft.paymentType === "all" ? undefined : draft.paymentType,
    minMembers: draft.minMembers,
  });
}
