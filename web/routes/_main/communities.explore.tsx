import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { ExplorePage } from "../../features/communities/explore/explore-page";
import { validateExploreSearch, type ExploreSearch } from "../../../common/explore-search";
import { ensureNamespace } from "../../lib/i18n";

export const Route = createFileRoute("/_main/communities/explore")({
  validateSearch: validateExploreSearch,
  loader: () => ensureNamespace("communities"),
  component: ExploreRoute,
});

function ExploreRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // Filter changes replace the entry: Back leaves explore instead of stepping through every keystroke.
  const onSearchChange = useCallback((next: ExploreSearch) => void navigate({ search: next, replace: true }), [navigate]);
  return <ExplorePage search={search} onSearchChange={onSearchChange} />;
}
