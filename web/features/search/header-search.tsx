import { Search } from "lucide-react";
import { Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import { lazyWithPreload } from "../../lib/lazy";
import { useMediaQuery } from "../../lib/use-media-query";

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

function resultLinks(panel: HTMLElement | null): HTMLElement[] {
  return panel ? Array.from(panel.querySelectorAll<HTMLElement>("a[href]")) : [];
}

/** Arrow keys walk the result links; Escape goes back to the box. */
function useResultKeys(inputRef: React.RefObject<HTMLInputElement | null>, panelRef: React.RefObject<HTMLDivElement | null>) {
  return (e: KeyboardEvent) => {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    const links = resultLinks(panelRef.current);
    if (!links.length) return;
    e.preventDefault();
    const index = links.indexOf(document.activeElement as HTMLElement);
    if (e.key === "ArrowDown") links[Math.min(index + 1, links.length - 1)]?.focus();
    else if (index <= 0) inputRef.current?.focus();
    else links[index - 1]?.focus();
  };
}

function SearchInput({
  value,
  onChange,
  inputRef,
  onKeyDown,
  onFocus,
  autoFocus,
  describedBy,
}: {
  value: string;
  onChange: (v: string) => void;
  inputRef: React.RefObject<HTMLInputElement | null>;
  onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void;
  onFocus?: () => void;
  autoFocus?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="relative">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <input
        ref={inputRef}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        autoFocus={autoFocus}
        placeholder={t("search.placeholder")}
        aria-label={t("search.label")}
        aria-describedby={describedBy}
        autoComplete="off"
        maxLength={100}
        className="h-10 w-full rounded-lg border border-input bg-muted/60 pr-3 pl-9 text-sm text-foreground placeholder:text-muted-foreground focus:bg-surface"
      />
    </div>
  );
}

/** Wide screens: a search box in the header with a results panel under it. */
function DesktopSearch() {
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const onArrows = useResultKeys(inputRef, panelRef);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Escape" && open) {
      e.preventDefault();
      setOpen(false);
      inputRef.current?.focus();
      return;
    }
    onArrows(e);
  };

  return (
    <div
      ref={rootRef}
      className="relative w-full max-w-md"
      onKeyDown={onKeyDown}
      onPointerEnter={preloadPanel}
      onBlur={(e) => {
        if (!rootRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <SearchInput
        value={query}
        onChange={(v) => {
          setQuery(v);
          setOpen(true);
        }}
        onFocus={() => {
          preloadPanel();
          setOpen(true);
        }}
        inputRef={inputRef}
        describedBy={open ? panelId : undefined}
      />
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          className="absolute top-full right-0 left-0 z-50 mt-2 max-h-[70vh] overflow-y-auto rounded-xl border border-border bg-surface p-1 shadow-lg"
        >
          <Suspense fallback={<PanelFallback />}>
            <SearchResultsPanel
              query={query}
              onNavigate={() => {
                setOpen(false);
                setQuery("");
              }}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}

/** Narrow screens: a search button that opens the box and results in a dialog. */
function MobileSearch() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const onArrows = useResultKeys(inputRef, panelRef);

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
          setOpen(next);
          if (!next) setQuery("");
        }}
        title={t("search.label")}
        hideTitle
        className="mt-4 mb-auto max-w-xl"
      >
        <div onKeyDown={onArrows}>
          <SearchInput value={query} onChange={setQuery} inputRef={inputRef} autoFocus />
          <div ref={panelRef} className="mt-2 max-h-[60vh] overflow-y-auto">
            <Suspense fallback={<PanelFallback />}>
              <SearchResultsPanel
                query={query}
                onNavigate={() => {
                  setOpen(false);
                  setQuery("");
                }}
              />
            </Suspense>
          </div>
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
