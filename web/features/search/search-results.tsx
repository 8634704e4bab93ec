import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { ArrowRight } from "lucide-react";
import { useEffect, useId, useMemo, useState, type KeyboardEvent, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { groupedSearchKinds } from "../../../common/contract/enums";
import type { SearchHit } from "../../../common/contract/search";
import { Spinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { enterHitCommunity, hitTarget } from "./hit-target";
import { HitRow } from "./hit-row";
import { groupedSearchOptions, HEADER_GROUP_SIZE, SEARCH_DEBOUNCE_MS } from "./queries";

export type ComboboxState = { expanded: boolean; activeId: string | undefined };
/** The box hands its arrow keys and Enter to the list; true when the list used the key. */
export type ListKeys = (e: KeyboardEvent<HTMLInputElement>) => boolean;

type Option = { id: string; hit: SearchHit | null };

const status = "px-3 py-4 text-sm text-muted-foreground";

/**
 * The header's results: the best few of each kind, grouped, as the listbox of the search box's
 * combobox. Focus stays in the box; arrow keys move the active option, Enter opens it (or, with none
 * active, the /search page). Asked 300 ms after typing stops.
 */
export default function SearchResultsPanel({
  query,
  listboxId,
  keysRef,
  onState,
  onNavigate,
}: {
  query: string;
  listboxId: string;
  keysRef: RefObject<ListKeys | null>;
  onState: (state: ComboboxState) => void;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const idPrefix = useId();
  const trimmed = query.trim();
  const debounced = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const result = useQuery(groupedSearchOptions(debounced, HEADER_GROUP_SIZE));
  const [activeId, setActiveId] = useState<string | null>(null);

  const data = trimmed ? result.data : undefined;
  const groups = useMemo(
    () => groupedSearchKinds.map((kind) => ({ kind, hits: data?.[kind] ?? [] })).filter((g) => g.hits.length > 0),
    [data],
  );
  const options = useMemo<Option[]>(() => {
    const hits = groups.flatMap((g) => g.hits.map((hit) => ({ id: `${idPrefix}-${hit.kind}-${hit.id}`, hit })));
    return hits.length ? [...hits, { id: `${idPrefix}-all`, hit: null }] : [];
  }, [groups, idPrefix]);
  const active = options.findIndex((o) => o.id === activeId);
  const expanded = options.length > 0;

  const open = (option: Option | undefined) => {
    if (option?.hit) {
      enterHitCommunity(option.hit);
      void navigate(hitTarget(option.hit));
    } else {
      void navigate({ to: "/search", search: { q: trimmed } });
    }
    onNavigate();
  };

  useEffect(() => {
    onState({ expanded, activeId: active >= 0 ? options[active]?.id : undefined });
  }, [expanded, active, options, onState]);

  useEffect(() => {
    if (active >= 0) document.getElementById(options[active]!.id)?.scrollIntoView({ block: "nearest" });
  }, [active, options]);

  useEffect(() => {
    keysRef.current = (e) => {
      if (e.key === "Enter") {
        if (!trimmed) return false;
        e.preventDefault();
        open(options[active]);
        return true;
      }
      if (!options.length || (e.key !== "ArrowDown" && e.key !== "ArrowUp")) return false;
      e.preventDefault();
      const next = e.key === "ArrowDown" ? (active + 1) % options.length : active <= 0 ? options.length - 1 : active - 1;
      setActiveId(options[next]!.id);
      return true;
    };
    return () => {
      keysRef.current = null;
    };
  });

  if (!trimmed) return <p className={status}>{t("search.startTyping")}</p>;

  const settling = debounced !== trimmed || result.isFetching;
  if (result.isError && !settling) {
    return (
      <p role="alert" className="px-3 py-4 text-sm text-destructive-text">
        {t("search.failed")}
      </p>
    );
  }
  if (!expanded) {
    if (settling || !data) {
      return (
        <p className={cn(status, "flex items-center gap-2")} role="status">
          <Spinner size="sm" decorative />
          {t("search.searching")}
        </p>
      );
    }
    return (
      <p className={status} role="status">
        {t("search.noResults", { query: debounced })}
      </p>
    );
  }

  const optionProps = (option: Option) => ({
    id: option.id,
    role: "option" as const,
    "aria-selected": option.id === activeId,
    // The box keeps the focus (and the list stays open) while a result is clicked.
    onMouseDown: (e: React.MouseEvent) => e.preventDefault(),
    onMouseMove: () => option.id !== activeId && setActiveId(option.id),
    onClick: () => open(option),
    className: cn(
      "flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-foreground",
      option.id === activeId && "bg-muted outline-2 -outline-offset-2 outline-ring",
    ),
  });

  return (
    <div aria-busy={settling || undefined}>
      <h2 className="px-3 pt-2 pb-1 text-sm font-semibold text-foreground">{t("search.results")}</h2>
      <div role="listbox" id={listboxId} aria-label={t("search.results")}>
        {groups.map((group) => (
          <ul key={group.kind} role="group" aria-labelledby={`${idPrefix}-${group.kind}`} className="py-1">
            <li
              role="presentation"
              id={`${idPrefix}-${group.kind}`}
              className="px-3 py-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
            >
              {t(`search.kinds.${group.kind}`)}
            </li>
            {group.hits.map((hit) => {
              const option = options.find((o) => o.hit === hit)!;
              return (
                <li key={option.id} {...optionProps(option)}>
                  <HitRow hit={hit} compact />
                </li>
              );
            })}
          </ul>
        ))}
        <div {...optionProps(options.at(-1)!)}>
          <span className="flex-1 font-medium text-link">{t("search.seeAll")}</span>
          <ArrowRight className="h-4 w-4 text-link" aria-hidden="true" />
        </div>
      </div>
    </div>
  );
}
