import { categories, exploreSorts, paymentTypes, type Category, type ExploreSort, type PaymentType } from "./catalog";
import type { PriceFilter } from "./contract/enums";
import { SEARCH_TEXT_MAX } from "./contract/limits";

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
