import { useSyncExternalStore } from "react";

export type ToastVariant = "default" | "success" | "destructive";

export type ToastAction = { label: string; onClick: () => void };

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** A button in the toast; such a toast stays until it is used or dismissed. */
  action?: ToastAction;
};

export type Toast = Required<Pick<ToastInput, "title" | "variant">> & {
  id: number;
  description?: string;
  action?: ToastAction;
};

export const TOAST_LIMIT = 3;
export const TOAST_DURATION_MS = 4000;

type Timer = { handle: ReturnType<typeof setTimeout> | null; remaining: number; startedAt: number };

let toasts: Toast[] = [];
let nextId = 1;
let paused = false;
const timers = new Map<number, Timer>();
const listeners = new Set<() => void>();

function emit() {
  listeners.forEach((l) => l());
}

function startTimer(id: number, ms: number) {
  const timer: Timer = { handle: null, remaining: ms, startedAt: Date.now() };
  if (!paused) timer.handle = setTimeout(() => dismissToast(id), ms);
  timers.set(id, timer);
}

function clearTimer(id: number) {
  const timer = timers.get(id);
  if (timer?.handle) clearTimeout(timer.handle);
  timers.delete(id);
}

export function toast(input: ToastInput): number {
  const id = nextId++;
  const item: Toast = {
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? "default",
    action: input.action,
  };
  const next = [...toasts, item];
  // The oldest toasts make way so no more than TOAST_LIMIT are ever on screen.
  while (next.length > TOAST_LIMIT) {
    const dropped = next.shift();
    if (dropped) clearTimer(dropped.id);
  }
  toasts = next;
  if (!item.action) startTimer(id, TOAST_DURATION_MS);
  emit();
  return id;
}

export function dismissToast(id: number): void {
  if (!toasts.some((t) => t.id === id)) return;
  clearTimer(id);
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** Hovering or focusing the toasts stops the clock, so nobody loses a message while reading it. */
export function pauseToasts(): void {
  if (paused) return;
  paused = true;
  const now = Date.now();
  for (const timer of timers.values()) {
    if (timer.handle) clearTimeout(timer.handle);
    timer.handle = null;
    timer.remaining = Math.max(0, timer.remaining - (now - timer.startedAt));
  }
}

export function resumeToasts(): void {
  if (!paused) return;
  paused = false;
  const now = Date.now();
  for (const [id, timer] of timers) {
    timer.startedAt = now;
    timer.handle = setTimeout(() => dismissToast(id), timer.remaining);
  }
}

export function clearToasts(): void {
  for (const id of [...timers.keys()]) clearTimer(id);
  toasts = [];
  paused = false;
  emit();
}

export function getToasts(): Toast[] {
  return toasts;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribe, getToasts, getToasts);
}
