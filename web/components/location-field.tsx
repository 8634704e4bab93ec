import { useQuery } from "@tanstack/react-query";
import { MapPin } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { LOCATION_MAX, PLACE_QUERY_MIN } from "../../common/contract/limits";
import { Input } from "./ui/input";
import { cn } from "../lib/cn";
import { currentLanguage } from "../lib/i18n";
import { useDebouncedValue } from "../lib/use-debounced-value";
import { placesQueryOptions } from "../lib/profile-keys";

type LocationFieldProps = {
  value: string;
  onChange: (value: string) => void;
  label: string;
  error?: string | null;
  disabled?: boolean;
};

/**
 * The location with place suggestions from 3 characters on (an ARIA combobox): arrows move through
 * them, Enter takes one, Escape closes the list. Free text stays allowed.
 */
export function LocationField({ value, onChange, label, error, disabled }: LocationFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useDebouncedValue(value.trim(), 250);
  const enabled = open && q.length >= PLACE_QUERY_MIN;
  const places = useQuery({ ...placesQueryOptions(q, currentLanguage()), enabled });
  const items = enabled ? (places.data?.items ?? []) : [];
  const showList = enabled && places.isSuccess;

  const choose = (label: string) => {
    onChange(label);
    setOpen(false);
    setActive(-1);
  };

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-foreground">
        {label}
      </label>
      <div className="relative">
        <MapPin
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={id}
          role="combobox"
          aria-expanded={showList}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? `${id}-opt-${active}` : undefined}
          aria-describedby={`${id}-hint`}
          aria-invalid={error ? true : undefined}
          autoComplete="off"
          className="pl-9"
          value={value}
          maxLength={LOCATION_MAX}
          disabled={disabled}
          onChange={(e) => {
            onChange(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={(e) => {
            if (!showList || items.length === 0) return;
            if (e.key === "ArrowDown") {
              e.preventDefault();
              setActive((a) => (a + 1) % items.length);
            } else if (e.key === "ArrowUp") {
              e.preventDefault();
              setActive((a) => (a <= 0 ? items.length - 1 : a - 1));
            } else if (e.key === "Enter" && active >= 0) {
              e.preventDefault();
              choose(items[active]!.label);
            } else if (e.key === "Escape") {
              e.preventDefault();
              setOpen(false);
            }
          }}
        />
        <ul
          id={`${id}-list`}
          role="listbox"
          aria-label={t("profileForm.suggestions")}
          hidden={!showList}
          className="absolute top-full right-0 left-0 z-30 mt-1 overflow-hidden rounded-xl border border-border bg-surface py-1 shadow-lg"
        >
          {items.length === 0 ? (
            <li role="option" aria-selected={false} aria-disabled className="px-3 py-2 text-sm text-muted-foreground">
              {t("profileForm.noSuggestions")}
            </li>
          ) : (
            items.map((place, i) => (
              <li
                key={place.id}
                id={`${id}-opt-${i}`}
                role="option"
                aria-selected={i === active}
                // Chosen on mousedown, before the input's blur closes the list.
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(place.label);
                }}
                className={cn("cursor-pointer px-3 py-2 text-sm text-foreground", i === active ? "bg-muted" : "hover:bg-muted")}
              >
                {place.label}
              </li>
            ))
          )}
        </ul>
      </div>
      <p id={`${id}-hint`} className={cn("text-sm", error ? "text-destructive-text" : "text-muted-foreground")}>
        {error ?? t("profileForm.locationHint")}
      </p>
    </div>
  );
}
