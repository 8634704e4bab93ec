import { Search } from "lucide-react";
import { Suspense, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { SearchField } from "../../components/search-field";
import { Dialog } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import { lazyWithPreload } from "../../lib/lazy";
import { useInitialFocus } from "../../lib/use-initial-focus";
import { useMediaQuery } from "../../lib/use-media-query";
import type { ComboboxState, ListKeys } from "./search-results";

// The results panel (and its query code) loads when someone reaches for search, not with the first page.
const SearchResultsPanel = lazyWithPreload(() => import("./search-results"));
const preloadPanel = () => void SearchResultsPanel.preload();

function PanelFallback() {
  return (
    <div className="flex justify-center px-3 py-4 text-muted-foreground">
      <Spinner size="sm" />
    </div>
  );
}

/** The results under the box, loaded with their code on first use; the same on desktop and phone. */
function ResultsPanel({ box }: { box: ReturnType<typeof useSearchCombobox> }) {
  return (
    <Suspense fallback={<PanelFallback />}>
      <SearchResultsPanel
        query={box.query}
        listboxId={box.listboxId}
        keysRef={box.keysRef}
        onState={box.onState}
        onNavigate={box.reset}
      />
    </Suspense>
  );
}

const closed: ComboboxState = { expanded: false, activeId: undefined };

/**
 * The search box and its results, as an ARIA combobox: the box keeps the focus, the results are its
 * listbox, arrow keys move through them, Enter opens one (or the /search page), Escape closes.
 */
function useSearchCombobox(onClose: () => void) {
  const [query, setQuery] = useState("");
  const [state, setState] = useState<ComboboxState>(closed);
  const listboxId = useId();
  const keysRef = useRef<ListKeys | null>(null);
  const onState = useCallback((next: ComboboxState) => setState(next), []);
  const reset = () => {
    setQuery("");
    setState(closed);
    onClose();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    keysRef.current?.(e);
  };
  return { query, setQuery, state, setState, listboxId, keysRef, onState, reset, onKeyDown };
}

function SearchInput({
  value,
  onChange,
  onKeyDown,
  onFocus,
  inputRef,
  expanded,
  listboxId,
  activeId,
}: {
  value: string;
  onChange: (v: string) => void;
  onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void;
  onFocus?: () => void;
  inputRef?: RefObject<HTMLInputElement | null>;
  expanded: boolean;
  listboxId: string;
  activeId: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <SearchField
      look="header"
      role="combobox"
      aria-expanded={expanded}
      aria-controls={expanded ? listboxId : undefined}
      aria-activedescendant={expanded ? activeId : undefined}
      aria-autocomplete="list"
      value={value}
      onValueChange={onChange}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      ref={inputRef}
      label={t("search.label")}
      placeholder={t("search.placeholder")}
      name="q"
      autoComplete="off"
      enterKeyHint="search"
    />
  );
}

/** Wide screens: a search box in the header with the results under it. */
function DesktopSearch() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const box = useSearchCombobox(() => setOpen(false));

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Escape" && open) {
      e.preventDefault();
      setOpen(false);
      box.setState(closed);
      return;
    }
    if (!open && (e.key === "ArrowDown" || e.key === "Enter")) setOpen(true);
    box.onKeyDown(e);
  };

  return (
    <div
      ref={rootRef}
      className="relative w-full max-w-md"
      onPointerEnter={preloadPanel}
      onBlur={(e) => {
        if (!rootRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <SearchInput
        value={box.query}
        onChange={(v) => {
          box.setQuery(v);
          setOpen(true);
        }}
        onFocus={() => {
          preloadPanel();
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        expanded={open && box.state.expanded}
        listboxId={box.listboxId}
        activeId={box.state.activeId}
      />
      {open && (
        <div className="absolute top-full right-0 left-0 z-50 mt-2 max-h-[70vh] overflow-y-auto rounded-xl border border-border bg-surface p-1 shadow-lg">
          <ResultsPanel box={box} />
        </div>
      )}
    </div>
  );
}

/** Narrow screens: a search button that opens the box and results in a dialog. */
function MobileSearch() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const box = useSearchCombobox(() => setOpen(false));
  const inputRef = useInitialFocus<HTMLInputElement>(open);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
        aria-label={t("search.open")}
        aria-haspopup="dialog"
        className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-foreground hover:bg-muted"
      >
        <Search className="h-5 w-5" aria-hidden="true" />
      </button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (next) setOpen(true);
          else box.reset();
        }}
        title={t("search.label")}
        hideTitle
        className="mt-4 mb-auto max-w-xl"
      >
        <SearchInput
          value={box.query}
          onChange={box.setQuery}
          onKeyDown={box.onKeyDown}
          inputRef={inputRef}
          expanded={box.state.expanded}
          listboxId={box.listboxId}
          activeId={box.state.activeId}
        />
        <div className="mt-2 max-h-[60vh] overflow-y-auto">
          <ResultsPanel box={box} />
        </div>
      </Dialog>
    </>
  );
}

/** Only one of the two is mounted, so there is never a second, hidden search box on the page. */
export function HeaderSearch() {
  const wide = useMediaQuery("(min-width: 640px)");
  return wide ? <DesktopSearch /> : <MobileSearch />;
}
