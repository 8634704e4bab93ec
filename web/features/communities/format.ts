import type { PaymentType, SubscriptionInterval } from "../../../common/catalog";
import { formatterFor } from "../../lib/format/formatter";

/** Spec 002 section 9: counts from 1000 up read like '1.5K' (and '2.3M'); smaller ones in full. */
export function formatCount(value: number, locale = "en"): string {
  const n = Math.max(0, Math.floor(value));
  const format = formatterFor(locale);
  if (n < 1000) return format.number(n);
  const [divisor, suffix] = n < 1_000_000 ? [1000, "K"] : [1_000_000, "M"];
  // Round down so 999,999 never reads as '1000K', and 1,050 reads '1K' rather than promising '1.1K'.
  const scaled = Math.floor((n / divisor) * 10) / 10;
  return `${format.number(scaled, { maximumFractionDigits: 1 })}${suffix}`;
}

export { formatGel } from "../../lib/format/money";

/** Tetri to the GEL amount a price input shows ('29.5' for 2950). */
export function tetriToGelInput(tetri: number | null | undefined): string {
  if (tetri === null || tetri === undefined || tetri <= 0) return "";
  return String(tetri / 100);
}

/**
 * The translation key (communities namespace) of the billing label that follows a price:
 * 'month', '3 months', '6 months', 'year', or 'one-time'. Null when the community is free.
 */
export function billingKey(
  isPaid: boolean,
  paymentType: PaymentType | null,
  interval: SubscriptionInterval | null,
): string | null {
  if (!isPaid) return null;
  if (paymentType === "single") return "billing.oneTime";
  return `billing.per.${interval ?? "monthly"}`;
}
