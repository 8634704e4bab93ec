import { Link, type LinkProps } from "@tanstack/react-router";
import { Check } from "lucide-react";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from "react";
import { cn } from "../../lib/cn";

/**
 * A menu button (WAI-ARIA APG "menu button" pattern): the trigger opens a role="menu" whose items are
 * reached with the arrow keys, Home and End; Escape closes and gives focus back to the trigger; Tab or a
 * click elsewhere closes it. Items may be links, buttons or radio items, and may hold rich content.
 */

type MenuContextValue = { close: (returnFocus?: boolean) => void; contentReady: () => void };
/**
 * The menu around its content; null outside a menu. Content that acts in place and then leaves (e.g.
 * navigates) closes the menu with its `close`, and the same content can also live on a page.
 */
export const MenuContext = createContext<MenuContextValue | null>(null);

function useMenu(): MenuContextValue {
  const ctx = useContext(MenuContext);
  if (!ctx) throw new Error("Menu items must be inside a DropdownMenu");
  return ctx;
}

/**
 * Content that arrives later (a lazy chunk) calls this once mounted, so a keyboard user who opened the menu
 * still lands on its first item.
 */
export function useMenuContentReady(): void {
  const { contentReady } = useMenu();
  useEffect(() => contentReady(), [contentReady]);
}

const ITEM_SELECTOR = '[role="menuitem"]:not([aria-disabled="true"]),[role="menuitemradio"]:not([aria-disabled="true"])';

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>(ITEM_SELECTOR)) : [];
}

type DropdownMenuProps = {
  /** Accessible name of the trigger button (needed when the trigger shows only an icon). */
  triggerLabel?: string;
  trigger: ReactNode;
  triggerClassName?: string;
  /** Accessible name of the menu itself. */
  menuLabel: string;
  /** Called when the pointer or focus reaches the trigger: the moment to preload lazy contents. */
  onTriggerIntent?: () => void;
  className?: string;
  align?: "start" | "end";
  contentClassName?: string;
  children: ReactNode;
  onOpenChange?: (open: boolean) => void;
};

export function DropdownMenu({
  triggerLabel,
  trigger,
  triggerClassName,
  menuLabel,
  align = "end",
  contentClassName,
  children,
  onOpenChange,
  onTriggerIntent,
  className,
}: DropdownMenuProps) {
  const [open, setOpenState] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<"first" | "last" | "menu">("menu");
  const menuId = useId();

  const setOpen = useCallback(
    (next: boolean) => {
      setOpenState(next);
      onOpenChange?.(next);
    },
    [onOpenChange],
  );

  const close = useCallback(
    (returnFocus = true) => {
      setOpen(false);
      if (returnFocus) triggerRef.current?.focus();
    },
    [setOpen],
  );

  const focusInitial = useCallback(() => {
    const menu = menuRef.current;
    if (!menu) return;
    // Once the user has moved on inside the menu, late content must not steal focus back.
    if (document.activeElement !== menu && menu.contains(document.activeElement)) return;
    const items = menuItems(menu);
    if (focusOnOpen.current === "first" && items[0]) items[0].focus();
    else if (focusOnOpen.current === "last" && items.length) items[items.length - 1]?.focus();
    else menu.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    focusInitial();

    const onPointerDown = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) close(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, close, focusInitial]);

  const openWith = (focus: "first" | "last" | "menu") => {
    focusOnOpen.current = focus;
    setOpen(true);
  };

  const onTriggerClick = (e: MouseEvent<HTMLButtonElement>) => {
    if (open) return close(false);
    // detail is 0 when the click came from Enter or Space: keyboard users land on the first item.
    openWith(e.detail === 0 ? "first" : "menu");
  };

  const onTriggerKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      openWith("first");
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      openWith("last");
    }
  };

  const onMenuKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = menuItems(menuRef.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    switch (e.key) {
      case "ArrowDown":
        e.preventDefault();
        focusAt(index + 1);
        break;
      case "ArrowUp":
        e.preventDefault();
        focusAt(index < 0 ? items.length - 1 : index - 1);
        break;
      case "Home":
        e.preventDefault();
        focusAt(0);
        break;
      case "End":
        e.preventDefault();
        focusAt(items.length - 1);
        break;
      case "Escape":
        e.preventDefault();
        e.stopPropagation();
        close(true);
        break;
      case "Tab":
        close(false);
        break;
    }
  };

  return (
    <div ref={rootRef} className={cn("relative inline-flex", className)}>
      <button
        ref={triggerRef}
        type="button"
        aria-label={triggerLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={onTriggerClick}
        onKeyDown={onTriggerKeyDown}
        onPointerEnter={onTriggerIntent}
        onFocus={onTriggerIntent}
        className={triggerClassName}
      >
        {trigger}
      </button>
      {open && (
        <MenuContext.Provider value={{ close, contentReady: focusInitial }}>
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-label={menuLabel}
            tabIndex={-1}
            onKeyDown={onMenuKeyDown}
            className={cn(
              "z-50 rounded-xl border border-border bg-surface p-1 text-foreground shadow-lg outline-none",
              contentClassName ?? cn("absolute top-full mt-2 w-64", align === "end" ? "right-0" : "left-0"),
            )}
          >
            {children}
          </div>
        </MenuContext.Provider>
      )}
    </div>
  );
}

const itemClasses =
  "flex items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-foreground hover:bg-muted focus:bg-muted focus-visible:-outline-offset-2";

type MenuItemProps = {
  onSelect?: () => void;
  children: ReactNode;
  className?: string;
  disabled?: boolean;
};

export function MenuItem({ onSelect, children, className, disabled }: MenuItemProps) {
  const { close } = useMenu();
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      aria-disabled={disabled || undefined}
      className={cn(itemClasses, "w-full", disabled && "opacity-60", className)}
      onClick={() => {
        if (disabled) return;
        close(true);
        onSelect?.();
      }}
    >
      {children}
    </button>
  );
}

type MenuLinkProps = LinkProps & {
  children: ReactNode;
  className?: string;
  onSelect?: () => void;
  /** Sized to its text (e.g. a 'View All' link in a menu header) instead of spanning the menu. */
  compact?: boolean;
};

export function MenuLink({ children, className, onSelect, compact = false, ...linkProps }: MenuLinkProps) {
  const { close } = useMenu();
  return (
    <Link
      {...linkProps}
      role="menuitem"
      tabIndex={-1}
      className={cn(itemClasses, !compact && "w-full", className)}
      activeProps={{}}
      onClick={() => {
        onSelect?.();
        close(true);
      }}
    >
      {children}
    </Link>
  );
}

type MenuRadioItemProps = MenuItemProps & { checked: boolean; showCheck?: boolean };

export function MenuRadioItem({ checked, onSelect, children, className, showCheck = true }: MenuRadioItemProps) {
  const { close } = useMenu();
  return (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={checked}
      tabIndex={-1}
      className={cn(itemClasses, "w-full", className)}
      onClick={() => {
        close(true);
        onSelect?.();
      }}
    >
      {showCheck && (
        <span className="flex h-4 w-4 items-center justify-center" aria-hidden="true">
          {checked && <Check className="h-4 w-4" />}
        </span>
      )}
      {children}
    </button>
  );
}

export function MenuGroup({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id}>
      <div id={id} className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {label}
      </div>
      {children}
    </div>
  );
}

export function MenuSeparator() {
  return <div role="separator" className="my-1 h-px bg-border" />;
}

/** Non-interactive text inside a menu (headers, empty and loading states). */
export function MenuText({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn("px-3 py-2 text-sm text-muted-foreground", className)}>{children}</div>;
}
