import {
  categories,
  exploreSorts,
  paymentTypes,
  type Category,
  type ExploreSort,
  type PaymentType,
} from "../../../../common/catalog";
import type { PriceFilter } from "../../../../common/contract/enums";
import { SEARCH_TEXT_MAX } from "../../../../common/contract/limits";
import type { ExploreApiQuery } from "../community-api";

/**
 * The explore filters live in the address (shareable, survive reload and Back). Defaults are left out so
 * a plain /communities/explore means "all, popular first"; anything malformed is dropped, never trusted.
 */
export type ExploreSearch = {
  q?: string;
  category?: Category;
  price?: Exclude<PriceFilter, "all">;
  /** GEL, only with price=paid. */
  minPrice?: number;
  maxPrice?: number;
  paymentType?: PaymentType;
  minMembers?: number;
  sort?: Exclude<ExploreSort, "popular">;
};

export type PaymentTypeFilter = "all" | PaymentType;

const MAX_QUERY_LENGTH = SEARCH_TEXT_MAX;

function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === "string" && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** A non-negative number from the address, where it may arrive as a number or a numeric string. */
function amount(value: unknown, { integer = false } = {}): number | undefined {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  if (!Number.isFinite(n) || n < 0) return undefined;
  return integer ? Math.floor(n) : Math.round(n * 100) / 100;
}

export function validateExploreSearch(raw: Record<string, unknown>): ExploreSearch {
  const out: ExploreSearch = {};
  const q = typeof raw.q === "string" ? raw.q.trim().slice(0, MAX_QUERY_LENGTH) : "";
  if (q) out.q = q;
  const category = oneOf(raw.category, categories);
  if (category) out.category = category;
  const price = oneOf(raw.price, ["free", "paid"] as const);
  if (price) out.price = price;
  if (price === "paid") {
    let min = amount(raw.minPrice);
    let max = amount(raw.maxPrice);
    // A reversed range is almost certainly a slip; read it the way it was meant.
    if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
    if (min) out.minPrice = min;
    if (max !== undefined) out.maxPrice = max;
  }
  const paymentType = oneOf(raw.paymentType, paymentTypes);
  if (paymentType) out.paymentType = paymentType;
  const minMembers = amount(raw.minMembers, { integer: true });
  if (minMembers) out.minMembers = minMembers;
  const sort = oneOf(raw.sort, exploreSorts);
  if (sort && sort !== "popular") out.sort = sort;
  return out;
}

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
