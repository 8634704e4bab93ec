import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn";
import type { RoomConnectionState } from "../../lib/realtime";

const STATES = ["open", "connecting", "closed"] as const;

/** A discreet dot and word: live, connecting (also while retrying), or offline. */
export function LiveIndicator({ state, className }: { state: RoomConnectionState; className?: string }) {
  const { t } = useTranslation("feed");
  const labels = { open: t("live.live"), connecting: t("live.connecting"), closed: t("live.offline") };
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
      {/* Every word in one cell, only the current one shown: the indicator keeps its width whatever the
          state, so what sits beside it (the topic pills) never moves when the room opens or drops. */}
      <span className="grid">
        {STATES.map((s) => (
          <span
            key={s}
            className={cn("col-start-1 row-start-1", s !== state && "invisible")}
            aria-hidden={s !== state || undefined}
          >
            {labels[s]}
          </span>
        ))}
      </span>
    </span>
  );
}
