/**
 * Flitt's documented test cards and what the sandbox does with each. Any other number is declined,
 * as Flitt's test environment does with real cards.
 */
export type CardBehaviour = { approve: boolean; threeDs: boolean };

export const sandboxCards: Record<string, CardBehaviour> = {
  "4444555566661111": { approve: true, threeDs: true },
  "4444111166665555": { approve: false, threeDs: true },
  "4444555511116666": { approve: true, threeDs: false },
  "4444111155556666": { approve: false, threeDs: false },
};

export const maskCard = (number: string) => `${number.slice(0, 6)}XXXXXX${number.slice(-4)}`;

export function cardType(number: string): string {
  if (number.startsWith("4")) return "VISA";
  if (/^5[1-5]/.test(number)) return "MasterCard";
  return "Card";
}
