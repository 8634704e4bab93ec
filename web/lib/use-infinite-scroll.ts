import { useEffect, useRef } from "react";

/**
 * Calls `onReach` when the returned element comes within 600 px of the viewport. The 'Load more' button
 * beside it stays for keyboard and assistive-technology users, who should not have to scroll to load.
 */
export function useInfiniteScroll<T extends HTMLElement>(onReach: () => void, enabled: boolean) {
  const ref = useRef<T>(null);
  const callback = useRef(onReach);
  useEffect(() => {
    callback.current = onReach;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && callback.current(), {
      rootMargin: "600px 0px",
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}
