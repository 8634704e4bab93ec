import { queryOptions } from "@tanstack/react-query";
import type { Language } from "../../common/contract/enums";
import { call } from "./api";

/**
 * Query keys of the profile screens. They live in the core because more than the profile feature
 * changes what they show: the complete-profile wizard saves a profile, a block empties one. Everything
 * sits under ["profile"], so one prefix reaches all of them.
 */
export const profileKeys = {
  all: () => ["profile"] as const,
  mine: () => ["profile", "me"] as const,
  person: (userId: string) => ["profile", "person", userId] as const,
  activity: (userId: string) => ["profile", "activity", userId] as const,
  places: (q: string, lang: Language) => ["profile", "places", q, lang] as const,
};

/** Location suggestions: the same text always finds the same places, so they are kept. */
export const placesQueryOptions = (q: string, lang: Language) =>
  queryOptions({
    queryKey: profileKeys.places(q, lang),
    queryFn: ({ signal }) => call("GET /api/places", { query: { q, lang }, signal }),
    staleTime: Infinity,
  });
