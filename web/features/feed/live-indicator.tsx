import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn";
import type { RoomConnectionState } from "../../lib/realtime";

/** A discreet dot and word: live, connecting (also while retrying), or offline. */
export function LiveIndicator({ state, className }: { state: RoomConnectionState; className?: string }) {
  const { t } = useTranslation("feed");
  const label = state === "open" ? t("live.live") : state === "connecting" ? t("live.connecting") : t("live.offline");
  return (
    <span
      className={cn("inline-flex items-center gap-1.5 text-xs font-medium whitespace-nowrap text-muted-foreground", className)}
      title={state === "open" ? t("live.liveHint") : undefined}
      data-state={state}
      // Whether the socket is open yet at a given instant: screenshot comparisons mask it.
      data-volatile
    >
      <span
        aria-hidden="true"
        className={cn(
          "h-2 w-2 rounded-full",
          state === "open" ? "bg-green-500" : state === "connecting" ? "animate-pulse bg-amber-500" : "bg-muted-foreground",
        )}
      />
      {label}
    </span>
  );
}
