import type { LocaleFormats } from "./locale-formats";

export type NumberOptions = { minimumFractionDigits?: number; maximumFractionDigits?: number };

/**
 * `value` rounded to `digits` decimals, as integer and fraction digits. It rounds the shortest decimal
 * that reads back as the number (what `String` prints), half away from zero, as browsers' Intl does:
 * 1.005 becomes 1.01, where `toFixed` would give 1.00.
 */
function roundedDigits(value: number, digits: number): [string, string] {
  const text = String(value);
  if (/e/i.test(text)) {
    const [int = "0", fraction = ""] = value.toFixed(Math.min(digits, 100)).split(".");
    return [int, fraction];
  }
  const [int = "0", fraction = ""] = text.split(".");
  if (fraction.length <= digits) return [int, fraction];
  const kept = `${int}${fraction.slice(0, digits)}`;
  const up = Number(fraction[digits]) >= 5;
  const all = up ? increment(kept) : kept;
  const split = all.length - digits;
  return [all.slice(0, split) || "0", all.slice(split)];
}

/** A string of digits plus one. */
function increment(digits: string): string {
  const out = digits.split("");
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== "9") {
      out[i] = String(Number(out[i]) + 1);
      return out.join("");
    }
    out[i] = "0";
  }
  return `1${out.join("")}`;
}

function grouped(int: string, f: LocaleFormats): string {
  if (int.length < 3 + f.minimumGroupingDigits) return int;
  const head = int.length % 3 || 3;
  const groups = [int.slice(0, head)];
  for (let i = head; i < int.length; i += 3) groups.push(int.slice(i, i + 3));
  return groups.join(f.group);
}

/** A number with the language's own separators, for when the browser's Intl lacks the language. */
export function formatNumberWith(f: LocaleFormats, value: number, options: NumberOptions = {}): string {
  if (Number.isNaN(value)) return "NaN";
  if (!Number.isFinite(value)) return value < 0 ? "-∞" : "∞";
  const min = options.minimumFractionDigits ?? 0;
  const max = Math.max(min, options.maximumFractionDigits ?? 3);
  const [int, rawFraction] = roundedDigits(Math.abs(value), max);
  let fraction = rawFraction.padEnd(min, "0");
  while (fraction.length > min && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  const zero = /^0*$/.test(int + fraction);
  const sign = value < 0 && !zero ? "-" : "";
  return `${sign}${grouped(int, f)}${fraction ? `${f.decimal}${fraction}` : ""}`;
}
