import { z } from "zod";
import { author } from "./feed";
import { endpoint, idParam } from "./http";
import { SEARCH_TEXT_MAX } from "./limits";

/** Header search: posts, members and events of the current community, for its members only. */

export const searchQuery = z.object({
  q: z.string().trim().max(SEARCH_TEXT_MAX, `Search text must be at most ${SEARCH_TEXT_MAX} characters`).default(""),
  communityId: idParam.optional(),
});

export const searchResults = z.object({
  posts: z.array(z.object({ id: z.string(), title: z.string(), createdAt: z.number() })),
  members: z.array(author),
  events: z.array(z.object({ id: z.string(), name: z.string(), startTime: z.number() })),
});

export const search = {
  community: endpoint("GET", "/api/search", { query: searchQuery, response: searchResults }),
};
