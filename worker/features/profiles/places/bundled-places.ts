import type { Language } from "../../../../common/contract/enums";
import type { Place } from "../../../../common/contract/profiles";
import { cities } from "./cities";
import { countries } from "./countries";
import type { PlaceProvider } from "./place-provider";

type City = { id: string; country: string; names: Record<Language, string>; keys: string[] };

/** Lower case without accents, so "sao" finds "São" and "kyiv" the same as "Kyiv". */
const fold = (s: string) => s.normalize("NFKD").replace(/\p{M}/gu, "").toLocaleLowerCase("en").replace(/ё/g, "е");

const list: City[] = cities.split("\n").map((line) => {
  const [country, en, ka, ru] = line.split("|") as [string, string, string, string];
  return { id: `${country}-${fold(en).replace(/[^a-z]+/g, "-")}`, country, names: { en, ka, ru }, keys: [en, ka, ru].map(fold) };
});

/** 0: a name starts with the query; 1: a word of it does; 2: it contains it; null: no match. */
function rank(city: City, query: string): number | null {
  let best: number | null = null;
  for (const key of city.keys) {
    const at = key.indexOf(query);
    if (at < 0) continue;
    const r = at === 0 ? 0 : /[\s-]/.test(key[at - 1]!) ? 1 : 2;
    if (best === null || r < best) best = r;
  }
  return best;
}

/** The place list shipped with the app: searched in memory, in any of the three languages. */
export const bundledPlaces: PlaceProvider = {
  async search(query, language, limit) {
    const q = fold(query.trim());
    if (!q) return [];
    return list
      .map((city, order) => ({ city, order, rank: rank(city, q) }))
      .filter((m): m is typeof m & { rank: number } => m.rank !== null)
      .sort((a, b) => a.rank - b.rank || a.order - b.order)
      .slice(0, limit)
      .map(({ city }): Place => {
        const name = city.names[language];
        const country = countries[city.country]?.[language];
        return { id: city.id, name, label: country ? `${name}, ${country}` : name };
      });
  },
};
