import type { TFunction } from "i18next";

/** Durations as the spec shows them: hours and minutes, or minutes. `t` is the classroom namespace's. */
export function formatDuration(t: TFunction, seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes >= 60) return t("duration.hoursMinutes", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  return t("duration.minutes", { minutes });
}

/** A lesson's length on its row: 12:05. */
export function formatClock(t: TFunction, seconds: number): string {
  return t("duration.clock", {
    minutes: Math.floor(seconds / 60),
    seconds: String(Math.floor(seconds % 60)).padStart(2, "0"),
  });
}
