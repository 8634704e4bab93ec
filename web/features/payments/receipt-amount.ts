/** A receipt shows lari with tetri always: ₾25.00, never ₾25 (as the mailed receipt, see worker's receipt-mail.ts). */
export const receiptAmount = (tetri: number) => `₾${(tetri / 100).toFixed(2)}`;
