import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { SearchX } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../components/load-error";
import { Button, buttonClasses } from "../../../components/ui/button";
import { isApiError } from "../../../lib/api";
import { useErrorMessage } from "../../../lib/errors";
import { PageHeading, useDocumentTitle } from "../../../components/page";
import type { Category } from "../../../../common/catalog";
import { exploreQueryOptions } from "../queries";
import { CategoryChips } from "./category-chips";
import { CommunityCard, CommunityCardSkeleton } from "./community-card";
import { activeFilterCount, applyDraft, isFiltered, toApiQuery, type FilterDraft } from "./explore-filters";
import type { ExploreSearch } from "../../../../common/explore-search";
import { ExploreSearchBox, FiltersButton, SortSelect } from "./explore-toolbar";
import { FiltersDialog } from "./filters-dialog";

type ExplorePageProps = {
  search: ExploreSearch;
  /** Replaces the filters in the address. */
  onSearchChange: (next: ExploreSearch) => void;
};

export function ExplorePage({ search, onSearchChange }: ExplorePageProps) {
  const { t } = useTranslation("communities");
  useDocumentTitle(t("explore.title"));
  const [filtersOpen, setFiltersOpen] = useState(false);

  const onSearch = useCallback((q: string) => onSearchChange({ ...search, q: q || undefined }), [search, onSearchChange]);
  const applyFilters = (draft: FilterDraft) => {
    setFiltersOpen(false);
    onSearchChange(applyDraft(search, draft));
  };
  const clearFilters = () => onSearchChange(search.sort ? { sort: search.sort } : {});

  return (
    <div className="space-y-5">
      <div>
        <PageHeading>{t("explore.title")}</PageHeading>
        <p className="mt-1 text-muted-foreground">{t("explore.subtitle")}</p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <ExploreSearchBox value={search.q ?? ""} onSearch={onSearch} />
        <div className="flex items-center gap-2">
          <FiltersButton count={activeFilterCount(search)} onClick={() => setFiltersOpen(true)} />
          <SortSelect
            value={search.sort ?? "popular"}
            onChange={(sort) => onSearchChange({ ...search, sort: sort === "popular" ? undefined : sort })}
          />
        </div>
      </div>
      <CategoryChips value={search.category} onChange={(category?: Category) => onSearchChange({ ...search, category })} />
      <ExploreResults search={search} onClearFilters={clearFilters} />
      <FiltersDialog open={filtersOpen} onOpenChange={setFiltersOpen} search={search} onApply={applyFilters} />
    </div>
  );
}

function ExploreResults({ search, onClearFilters }: { search: ExploreSearch; onClearFilters: () => void }) {
  const { t } = useTranslation("communities");
  const errorMessage = useErrorMessage();
  const query = useInfiniteQuery(exploreQueryOptions(toApiQuery(search)));
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  if (query.isPending) {
    return (
      <div role="status" aria-label={t("explore.loading")} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <CommunityCardSkeleton key={i} />
        ))}
      </div>
    );
  }

  // A failed next page also puts the query in error; the cards already loaded stay on screen then.
  if (query.isError && !query.data) {
    return (
      <LoadError
        message={isApiError(query.error) ? errorMessage(query.error) : t("explore.loadFailed")}
        retryLabel={t("common.tryAgain")}
        onRetry={() => void query.refetch()}
      />
    );
  }

  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-surface p-10 text-center">
        <SearchX className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-lg font-semibold text-foreground">{t("explore.emptyTitle")}</h2>
        <p className="text-muted-foreground">{t("explore.emptyDescription")}</p>
        <div className="flex flex-wrap justify-center gap-3">
          {isFiltered(search) && (
            <Button variant="outline" onClick={onClearFilters}>
              {t("explore.clearFilters")}
            </Button>
          )}
          <Link to="/communities/create" className={buttonClasses()}>
            {t("explore.createOwn")}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <section aria-label={t("explore.resultsLabel")} className="space-y-6">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((c) => (
          <li key={c.id} className="flex min-w-0">
            <div className="flex w-full min-w-0">
              <CommunityCard community={c} showCategory={!search.category} />
            </div>
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <LoadMore
          loading={query.isFetchingNextPage}
          // After a failed page only the button retries, so a broken connection cannot loop.
          auto={!query.isFetchNextPageError}
          onLoadMore={() => void query.fetchNextPage()}
        />
      )}
      {query.isFetchNextPageError && (
        <p role="alert" className="text-center text-sm text-destructive-text">
          {errorMessage(query.error)}
        </p>
      )}
    </section>
  );
}

/**
 * Scrolling near the end loads the next page by itself; the button does the same for keyboard and
 * screen-reader users (and whenever the observer is not available).
 */
function LoadMore({ loading, auto, onLoadMore }: { loading: boolean; auto: boolean; onLoadMore: () => void }) {
  const { t } = useTranslation("communities");
  const sentinel = useRef<HTMLDivElement>(null);
  const onLoadMoreRef = useRef(onLoadMore);
  useEffect(() => {
    onLoadMoreRef.current = onLoadMore;
  });

  // Re-created after each page: a fresh observer reports at once if the end is still in view (short
  // pages on a tall screen), which a long-lived one would not.
  useEffect(() => {
    const el = sentinel.current;
    if (loading || !auto || !el || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onLoadMoreRef.current();
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [loading, auto]);

  return (
    <div ref={sentinel} className="flex justify-center">
      <Button variant="outline" onClick={onLoadMore} loading={loading}>
        {loading ? t("explore.loadingMore") : t("explore.loadMore")}
      </Button>
    </div>
  );
}
