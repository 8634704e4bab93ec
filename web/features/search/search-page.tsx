import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useCallback, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { groupedSearchKinds, searchKinds, type SearchKind } from "../../../common/contract/enums";
import type { SearchHit } from "../../../common/contract/search";
import { LoadError } from "../../components/load-error";
import { PageHeading, useDocumentTitle } from "../../components/page";
import { SearchField } from "../../components/search-field";
import { useSearchText } from "../../lib/use-search-text";
import { Button } from "../../components/ui/button";
import { Tab, TabList, TabPanel, Tabs } from "../../components/ui/tabs";
import { enterHitCommunity, hitTarget } from "./hit-target";
import { HitRow } from "./hit-row";
import { groupedSearchOptions, kindSearchOptions, SEARCH_DEBOUNCE_MS } from "./queries";

export type SearchTab = "all" | SearchKind;
export type SearchPageSearch = { q?: string; tab?: SearchKind };

const status = "rounded-xl border border-border bg-surface px-4 py-8 text-center text-sm text-muted-foreground";

function HitList({ hits }: { hits: SearchHit[] }) {
  return (
    <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface">
      {hits.map((hit) => (
        <li key={`${hit.kind}-${hit.id}`}>
          <Link
            {...hitTarget(hit)}
            onClick={() => enterHitCommunity(hit)}
            className="flex px-4 py-3 hover:bg-muted focus-visible:bg-muted focus-visible:-outline-offset-2"
          >
            <HitRow hit={hit} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Skeleton() {
  return (
    <ul aria-hidden="true" className="divide-y divide-border rounded-xl border border-border bg-surface">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className="flex animate-pulse gap-3 px-4 py-3">
          <span className="h-8 w-8 rounded-lg bg-muted" />
          <span className="flex-1 space-y-2">
            <span className="block h-3 w-2/3 rounded bg-muted" />
            <span className="block h-3 w-1/3 rounded bg-muted" />
          </span>
        </li>
      ))}
    </ul>
  );
}

function Failed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return <LoadError message={t("search.failed")} retryLabel={t("common.tryAgain")} onRetry={onRetry} />;
}

function NoResults({ q }: { q: string }) {
  const { t } = useTranslation();
  return (
    <p className={status} role="status">
      {t("search.noResults", { query: q })}
    </p>
  );
}

/** The "All" tab: the best few of each kind, each with a way to its own tab. */
function AllResults({ q, onTab }: { q: string; onTab: (tab: SearchKind) => void }) {
  const { t } = useTranslation(["search", "translation"]);
  const result = useQuery(groupedSearchOptions(q));
  if (result.isPending) return <Skeleton />;
  if (result.isError) return <Failed onRetry={() => void result.refetch()} />;
  const groups = groupedSearchKinds.filter((kind) => result.data[kind].length > 0);
  if (groups.length === 0) return <NoResults q={q} />;
  return (
    <div className="space-y-6" aria-busy={result.isFetching || undefined}>
      {groups.map((kind) => {
        const label = t(`translation:search.kinds.${kind}`);
        return (
          <section key={kind} aria-label={label}>
            <div className="mb-2 flex items-center justify-between gap-3">
              <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">{label}</h2>
              <Button variant="link" size="sm" onClick={() => onTab(kind)} aria-label={t("showAllOf", { kind: label })}>
                {t("showAll")}
              </Button>
            </div>
            <HitList hits={result.data[kind]} />
          </section>
        );
      })}
    </div>
  );
}

/** One kind's tab: best first, a page at a time. */
function KindResults({ q, kind }: { q: string; kind: SearchKind }) {
  const { t } = useTranslation("search");
  const result = useInfiniteQuery(kindSearchOptions(kind, q));
  if (result.isPending) return <Skeleton />;
  if (result.isError && !result.data) return <Failed onRetry={() => void result.refetch()} />;
  const hits = result.data.pages.flatMap((p) => p.items);
  if (hits.length === 0) return <NoResults q={q} />;
  return (
    <div className="space-y-4">
      <HitList hits={hits} />
      {result.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            onClick={() => void result.fetchNextPage()}
            loading={result.isFetchingNextPage}
            disabled={result.isFetchingNextPage}
          >
            {result.isFetchingNextPage ? t("loadingMore") : t("loadMore")}
          </Button>
        </div>
      ) : (
        <p className="text-center text-sm text-muted-foreground">{t("end")}</p>
      )}
    </div>
  );
}

/** The page's own box: the text goes to the address once typing stops, or at once on Enter; Back brings the old text back. */
function SearchBox({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const { t } = useTranslation();
  const search = useSearchText(value, onChange, SEARCH_DEBOUNCE_MS);
  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        search.submit();
      }}
    >
      <SearchField
        look="page"
        label={t("search.label")}
        placeholder={t("search.placeholder")}
        value={search.text}
        onValueChange={search.setText}
        name="q"
        autoComplete="off"
        enterKeyHint="search"
      />
    </form>
  );
}

/** /search: everything the viewer may see that matches, by kind, with the text and tab in the address. */
export function SearchPage({
  search,
  onSearchChange,
}: {
  search: SearchPageSearch;
  onSearchChange: (next: SearchPageSearch) => void;
}) {
  const { t } = useTranslation(["search", "translation"]);
  const q = search.q ?? "";
  const tab: SearchTab = search.tab ?? "all";
  useDocumentTitle(q ? `${t("translation:search.results")}: ${q}` : t("translation:search.results"));
  const setTab = (next: string) => onSearchChange({ ...search, tab: next === "all" ? undefined : (next as SearchKind) });
  const setQuery = useCallback((next: string) => onSearchChange({ ...search, q: next || undefined }), [search, onSearchChange]);

  let body: ReactNode;
  if (!q) body = <p className={status}>{t("translation:search.startTyping")}</p>;
  else if (tab === "all") body = <AllResults q={q} onTab={setTab} />;
  else body = <KindResults q={q} kind={tab} />;

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <PageHeading>{t("translation:search.results")}</PageHeading>
      <SearchBox value={q} onChange={setQuery} />
      <Tabs value={tab} onValueChange={setTab}>
        <TabList label={t("tabs")} className="scrollbar-none overflow-x-auto">
          <Tab value="all" className="shrink-0 whitespace-nowrap">
            {t("all")}
          </Tab>
          {searchKinds.map((kind) => (
            <Tab key={kind} value={kind} className="shrink-0 whitespace-nowrap">
              {t(`translation:search.kinds.${kind}`)}
            </Tab>
          ))}
        </TabList>
        <TabPanel value={tab} className="mt-4">
          {body}
        </TabPanel>
      </Tabs>
    </div>
  );
}
