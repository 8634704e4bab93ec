import type { TFunction } from "i18next";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { formatterFor, type Formatter } from "./format/formatter";

/**
 * default: 'Just now', 'Nm ago', 'Nh ago', 'Nd ago' under 7 days, then a date.
 * feed:    the same, but days run up to 30 before the date.
 * short:   the messages dropdown's compact form without 'ago' ('now', '5m', '3h', '2d').
 */
export type RelativeTimeVariant = "default" | "feed" | "short";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const DAY_LIMIT: Record<RelativeTimeVariant, number> = { default: 7, feed: 30, short: 7 };

export type TimeInput = number | string | Date | null | undefined;

/** Server times are integer milliseconds; ISO strings and Dates are accepted too. */
export function toMillis(value: TimeInput): number | null {
  if (value === null || value === undefined || value === "") return null;
  const ms = value instanceof Date ? value.getTime() : typeof value === "number" ? value : Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

export type RelativeTimeOptions = {
  t: TFunction;
  /** Writes the date that follows the counted days, in the same language as `t`. */
  format: Formatter;
  variant?: RelativeTimeVariant;
  now?: number;
};

/** Returns null for a missing or unparsable time so the caller decides what 'unknown' looks like. */
export function formatRelativeTime(value: TimeInput, options: RelativeTimeOptions): string | null {
  const ms = toMillis(value);
  if (ms === null) return null;
  const { t, format, variant = "default", now = Date.now() } = options;
  const short = variant === "short";
  // Slightly-future times (clock skew between server and browser) read as now.
  const diff = Math.max(0, now - ms);

  if (diff < MINUTE) return t(short ? "time.short.now" : "time.justNow");
  if (diff < HOUR) return t(short ? "time.short.minutes" : "time.minutesAgo", { count: Math.floor(diff / MINUTE) });
  if (diff < DAY) return t(short ? "time.short.hours" : "time.hoursAgo", { count: Math.floor(diff / HOUR) });
  const days = Math.floor(diff / DAY);
  if (days < DAY_LIMIT[variant]) return t(short ? "time.short.days" : "time.daysAgo", { count: days });
  return format.date(ms, now);
}

/** Relative time in the current UI language; unknown times read 'Unknown'. */
export function useRelativeTime() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (value: TimeInput, variant: RelativeTimeVariant = "default") =>
      formatRelativeTime(value, { t, format: formatterFor(i18n.language), variant }) ?? t("time.unknown"),
    [t, i18n],
  );
}
