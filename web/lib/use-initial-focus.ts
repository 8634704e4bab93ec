import { useEffect, useRef } from "react";

/**
 * Focus for the element a dialog should start on. The dialog becomes modal (showModal) in its own effect,
 * after its children mounted, so React's autoFocus comes too early; wait a frame, then focus.
 */
export function useInitialFocus<T extends HTMLElement>(open: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => ref.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open]);
  return ref;
}
