import { Search, SlidersHorizontal } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { inputClasses } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { exploreSorts, type ExploreSort } from "../../../../common/catalog";
import { Select } from "../../../components/ui/select";

/** Spec 002 section 5: explore searches 500 ms after the last keystroke. */
export const EXPLORE_SEARCH_DEBOUNCE_MS = 500;

/** The search box keeps its own text while typing and reports it once the typing pauses. */
export function ExploreSearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation("communities");
  const id = useId();
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, EXPLORE_SEARCH_DEBOUNCE_MS);
  const lastReported = useRef(value);

  // The address changed from elsewhere (Clear Filters, Back): show what it now says.
  useEffect(() => {
    if (value !== lastReported.current) {
      lastReported.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const q = debounced.trim();
    if (q === lastReported.current) return;
    lastReported.current = q;
    onSearch(q);
  }, [debounced, onSearch]);

  return (
    <div className="relative min-w-0 flex-1">
      <label htmlFor={id} className="sr-only">
        {t("explore.searchLabel")}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <input
        id={id}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t("explore.searchPlaceholder")}
        maxLength={100}
        className={cn(inputClasses, "h-10 pl-9")}
      />
    </div>
  );
}

export function FiltersButton({ count, onClick }: { count: number; onClick: () => void }) {
  const { t } = useTranslation("communities");
  return (
    <Button variant="outline" onClick={onClick} aria-haspopup="dialog">
      <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
      {t("filters.open")}
      {count > 0 && (
        <span className="rounded-full bg-primary px-1.5 text-xs leading-5 font-semibold text-primary-foreground">
          <span className="sr-only">{t("filters.activeCount", { count })}</span>
          <span aria-hidden="true">{count}</span>
        </span>
      )}
    </Button>
  );
}

export function SortSelect({ value, onChange }: { value: ExploreSort; onChange: (sort: ExploreSort) => void }) {
  const { t } = useTranslation("communities");
  const id = useId();
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2 sm:flex-none">
      <label htmlFor={id} className="shrink-0 text-sm text-muted-foreground">
        {t("sort.label")}
      </label>
      <Select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as ExploreSort)}
        wrapperClassName="min-w-0 flex-1"
        className="sm:min-w-44"
      >
        {exploreSorts.map((s) => (
          <option key={s} value={s}>
            {t(`sort.${s}`)}
          </option>
        ))}
      </Select>
    </div>
  );
}
