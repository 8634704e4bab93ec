import type { Language } from "../../../../common/contract/enums";
import type { Place } from "../../../../common/contract/profiles";

/**
 * Where location suggestions come from. The app ships with a bundled list (bundled-places.ts), so
 * development and tests need no outside service; production may put a geocoding service behind
 * the same two methods.
 */
export interface PlaceProvider {
  /** Up to `limit` places matching `query`, best first, named in `language`. */
  search(query: string, language: Language, limit: number): Promise<Place[]>;
}
