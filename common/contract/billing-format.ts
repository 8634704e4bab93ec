/** How receipts write their number and amount, the same in the mail, the API and the web (no zod here). */

/** AG-2026-000123: the year it was written and its place in the one sequence of all receipts. */
export const receiptNumber = (number: number, createdAt: number) =>
  `AG-${new Date(createdAt).getUTCFullYear()}-${String(number).padStart(6, "0")}`;

/** A receipt shows lari with tetri always: ₾25.00, never ₾25. */
export const receiptAmount = (tetri: number) => `₾${(tetri / 100).toFixed(2)}`;
