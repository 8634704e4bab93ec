/**
 * Card-form rules shared by the payment forms and the API (spec 002 section 5). The number and CVV
 * only pass through these functions; nothing here keeps them.
 */
export const CARD_NUMBER_MIN = 13;
export const CARD_NUMBER_MAX = 19;

export const cardDigits = (value: string) => value.replace(/\s+/g, "");

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** 13 to 19 digits, spaces ignored; the Luhn check only where the spec asks for it (paying). */
export function cardNumberValid(value: string, opts: { luhn: boolean }): boolean {
  const digits = cardDigits(value);
  if (!new RegExp(`^\\d{${CARD_NUMBER_MIN},${CARD_NUMBER_MAX}}$`).test(digits)) return false;
  return !opts.luhn || luhnValid(digits);
}

/** "MM/YY" to month and four-digit year, or null when malformed, month out of 1-12 or in the past. */
export function parseExpiry(value: string, now = new Date()): { month: number; year: number } | null {
  const match = value.trim().match(/^(\d{2})\s*\/\s*(\d{2})$/);
  if (!match) return null;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return null;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < thisMonth) return null;
  return { month, year };
}

export const cvvValid = (value: string) => /^\d{3,4}$/.test(value.trim());

/** Tetri charged to check a new card on the add-card screen; reversed at once. */
export const CARD_VERIFICATION_AMOUNT = 100;
