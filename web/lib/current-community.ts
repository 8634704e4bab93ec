import { createContext, useContext, useSyncExternalStore } from "react";

const STORAGE_KEY = "currentCommunityId";
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

let current: string | null = typeof window === "undefined" ? null : read();

function emit() {
  listeners.forEach((l) => l());
}

export function getCurrentCommunityId(): string | null {
  return current;
}

export function setCurrentCommunityId(id: string | null): void {
  // A page rendered by the worker reads the choice from its context below; this module's state is the browser's.
  if (id === current || typeof window === "undefined") return;
  current = id;
  try {
    if (id) localStorage.setItem(STORAGE_KEY, id);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // The selection still holds for this page.
  }
  emit();
}

export function clearCurrentCommunityId(): void {
  setCurrentCommunityId(null);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab switching community switches this one too, so both show the same context.
  const onStorage = (e: StorageEvent) => {
    if (e.key !== STORAGE_KEY && e.key !== null) return;
    const next = read();
    if (next !== current) {
      current = next;
      listener();
    }
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/**
 * The current community of a page the worker renders: the choice lives in the browser's storage, and
 * the worker knows it from the cookie that mirrors it (web/app/home-page.tsx).
 */
export const CurrentCommunityOnServer = createContext<string | null>(null);

export function useCurrentCommunityId(): string | null {
  const onServer = useContext(CurrentCommunityOnServer);
  return useSyncExternalStore(subscribe, getCurrentCommunityId, () => onServer ?? getCurrentCommunityId());
}
