import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { searchKinds } from "../../../../common/contract/enums";
import { SEARCH_TEXT_MAX } from "../../../../common/contract/limits";
import { SearchPage, type SearchPageSearch } from "../../../features/search/search-page";
import { ensureNamespace } from "../../../lib/i18n";
import { optionalString } from "../../../lib/search";

/** The text and tab live in the address (shareable, kept on reload and Back); anything else is dropped. */
function validateSearch(raw: Record<string, unknown>): SearchPageSearch {
  const out: SearchPageSearch = {};
  const q = optionalString(raw.q)?.trim().slice(0, SEARCH_TEXT_MAX);
  if (q) out.q = q;
  const tab = searchKinds.find((kind) => kind === raw.tab);
  if (tab) out.tab = tab;
  return out;
}

export const Route = createFileRoute("/_main/_protected/search")({
  validateSearch,
  loader: () => ensureNamespace("search"),
  component: SearchRoute,
});

function SearchRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // Typing and tabs replace the entry: Back leaves the search instead of stepping through every keystroke.
  const onSearchChange = useCallback((next: SearchPageSearch) => void navigate({ search: next, replace: true }), [navigate]);
  return <SearchPage search={search} onSearchChange={onSearchChange} />;
}
