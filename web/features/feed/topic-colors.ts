/** Topic colours are chosen by community admins; text on them must stay readable (WCAG AA, 4.5:1). */
function channel(c: number): number {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

export function parseHex(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join("") : m[1]!;
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

export function luminance(hex: string): number {
  const rgb = parseHex(hex);
  if (!rgb) return 0;
  return 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2]);
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** White or near-black, whichever reads better on the colour. */
export function readableTextOn(hex: string): "#ffffff" | "#0f172a" {
  const l = luminance(hex);
  return contrast(1, l) >= contrast(luminance("#0f172a"), l) ? "#ffffff" : "#0f172a";
}

/** Unknown or malformed colours fall back to a neutral grey rather than breaking the style. */
export function safeColor(hex: string | null | undefined): string {
  return hex && parseHex(hex) ? (hex.startsWith("#") ? hex : `#${hex}`) : "#6B7280";
}
