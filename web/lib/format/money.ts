import { formatterFor } from "./formatter";

/** Tetri to lari with the ₾ sign: whole lari without decimals ('₾29'), otherwise two ('₾29.50'). */
export function formatGel(tetri: number, locale = "en"): string {
  const gel = tetri / 100;
  const whole = Number.isInteger(gel);
  const number = formatterFor(locale).number(gel, { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 });
  return `₾${number}`;
}
