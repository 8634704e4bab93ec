import { SlidersHorizontal } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { SearchField } from "../../../components/search-field";
import { useSearchText } from "../../../lib/use-search-text";
import { Button } from "../../../components/ui/button";
import { exploreSorts, type ExploreSort } from "../../../../common/catalog";
import { Select } from "../../../components/ui/select";

/** Spec 002 section 5: explore searches 500 ms after the last keystroke. */
export const EXPLORE_SEARCH_DEBOUNCE_MS = 500;

/** Explore's text filter: it reports the text to the address once typing pauses. */
export function ExploreSearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation("communities");
  const search = useSearchText(value, onSearch, EXPLORE_SEARCH_DEBOUNCE_MS);
  return (
    <SearchField
      label={t("explore.searchLabel")}
      placeholder={t("explore.searchPlaceholder")}
      value={search.text}
      onValueChange={search.setText}
      className="min-w-0 flex-1"
    />
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
