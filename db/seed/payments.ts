/** Demo saved cards and subscriptions; orders are derived one per billing period. */

export type SeedCard = { user: string; maskedCard: string; lastFour: string; expiryMonth: number; expiryYear: number };

/** Saved cards (Flitt test card numbers, masked). The rectokens are placeholders the sandbox does not know. */
export const CARDS: SeedCard[] = [
  { user: "ana", maskedCard: "444455XXXXXX6666", lastFour: "6666", expiryMonth: 9, expiryYear: 2029 },
  { user: "giorgi", maskedCard: "444455XXXXXX1111", lastFour: "1111", expiryMonth: 12, expiryYear: 2028 },
  { user: "mariam", maskedCard: "444455XXXXXX6666", lastFour: "6666", expiryMonth: 4, expiryYear: 2030 },
  { user: "irakli", maskedCard: "444455XXXXXX1111", lastFour: "1111", expiryMonth: 1, expiryYear: 2029 },
  { user: "luka", maskedCard: "444455XXXXXX6666", lastFour: "6666", expiryMonth: 6, expiryYear: 2028 },
];

/**
 * Monthly subscriptions. Paid members of "frontend" join through one (started when they joined);
 * Ana pays for the community's Starter plan. Each period is one approved order.
 */
export type SeedSubscription = {
  user: string;
  community: string;
  type: "community" | "creator_plan";
  startDaysAgo: number;
  cancelledDaysAgo: number | null;
};

export const SUBSCRIPTIONS: SeedSubscription[] = [
  { user: "ana", community: "frontend", type: "creator_plan", startDaysAgo: 45, cancelledDaysAgo: null },
  { user: "mariam", community: "frontend", type: "community", startDaysAgo: 40, cancelledDaysAgo: null },
  { user: "irakli", community: "frontend", type: "community", startDaysAgo: 25, cancelledDaysAgo: 3 },
  { user: "giorgi", community: "frontend", type: "community", startDaysAgo: 20, cancelledDaysAgo: null },
  { user: "luka", community: "frontend", type: "community", startDaysAgo: 12, cancelledDaysAgo: null },
];
