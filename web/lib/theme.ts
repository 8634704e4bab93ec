import { useSyncExternalStore } from "react";

export type Theme = "light" | "dark" | "system";
export const THEMES: readonly Theme[] = ["light", "dark", "system"];
const STORAGE_KEY = "theme";

const listeners = new Set<() => void>();

function read(): Theme {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return saved === "light" || saved === "dark" ? saved : "system";
  } catch {
    return "system";
  }
}

let current: Theme = typeof window === "undefined" ? "system" : read();

function systemPrefersDark(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches;
}

/** Same rule as the inline script of index.html, which runs before the first paint to avoid a flash of the wrong theme. */
export function applyTheme(theme: Theme = current): void {
  const dark = theme === "dark" || (theme === "system" && systemPrefersDark());
  document.documentElement.classList.toggle("dark", dark);
}

export function getTheme(): Theme {
  return current;
}

export function setTheme(theme: Theme): void {
  current = theme;
  try {
    localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Private mode may refuse storage; the choice still applies to this page.
  }
  applyTheme(theme);
  listeners.forEach((l) => l());
}

let watching = false;
/** Follows the operating system while the user has chosen System. */
export function watchSystemTheme(): void {
  if (watching || typeof matchMedia !== "function") return;
  watching = true;
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
    if (current === "system") applyTheme("system");
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, getTheme, getTheme);
  return [theme, setTheme];
}
