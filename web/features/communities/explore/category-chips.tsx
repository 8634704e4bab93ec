import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/cn";
import { categories, type Category } from "../../../../common/catalog";

/** 'All' plus the 16 categories, as toggle buttons in a row that scrolls sideways on narrow screens. */
export function CategoryChips({
  value,
  onChange,
}: {
  value: Category | undefined;
  onChange: (next: Category | undefined) => void;
}) {
  const { t } = useTranslation("communities");
  const navRef = useRef<HTMLElement>(null);
  // A category from the address may sit off to the side of the scrolling row; bring it into view.
  useEffect(() => {
    navRef.current
      ?.querySelector<HTMLElement>('[aria-pressed="true"]')
      ?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [value]);
  const chip = (key: Category | undefined, label: string) => {
    const active = value === key;
    return (
      <li key={key ?? "all"} className="shrink-0">
        <button
          type="button"
          aria-pressed={active}
          onClick={() => onChange(key)}
          className={cn(
            "rounded-full border px-3.5 py-1.5 text-sm font-medium whitespace-nowrap transition-colors",
            active
              ? "border-primary bg-primary text-primary-foreground"
              : "border-border bg-surface text-foreground hover:bg-muted",
          )}
        >
          {label}
        </button>
      </li>
    );
  };
  return (
    <nav
      ref={navRef}
      aria-label={t("explore.categoriesLabel")}
      className="scrollbar-none -mx-4 overflow-x-auto px-4 sm:mx-0 sm:overflow-visible sm:px-0"
    >
      <ul className="flex gap-2 pb-1 sm:flex-wrap">
        {chip(undefined, t("explore.allCategories"))}
        {categories.map((c) => chip(c, t(`categories.${c}`)))}
      </ul>
    </nav>
  );
}
