import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

export function formatBadgeCount(count: number): string {
  return count > 99 ? "99+" : String(count);
}

/** The red unread counter on header icons; hidden from assistive tech because the button label says it. */
export function CountBadge({ count, className }: { count: number; className?: string }) {
  if (!count || count < 1) return null;
  return (
    <span
      aria-hidden="true"
      className={cn(
        "absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] leading-none font-semibold text-destructive-foreground ring-2 ring-surface",
        className,
      )}
    >
      {formatBadgeCount(count)}
    </span>
  );
}

export function Badge({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span
      className={cn("inline-flex items-center rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-foreground", className)}
    >
      {children}
    </span>
  );
}
