/**
 * Fixed product catalogue: the 16 categories and the 4 creator plans (spec 002 sections 3 and 9).
 * Pure, so the web app renders the same lists the API validates against.
 */
export const categories = [
  "business",
  "technology",
  "design",
  "marketing",
  "education",
  "lifestyle",
  "health",
  "arts",
  "finance",
  "food",
  "travel",
  "sports",
  "gaming",
  "music",
  "photography",
  "other",
] as const;
export type Category = (typeof categories)[number];

export const planIds = ["free", "starter", "premium", "business"] as const;
export type PlanId = (typeof planIds)[number];

export type Plan = {
  id: PlanId;
  /** Tetri per month. */
  price: number;
  currency: "GEL";
  /** null = unlimited. */
  maxMembers: number | null;
  isPopular: boolean;
  sortOrder: number;
  /** i18n keys of the plan's feature lines. */
  features: string[];
};

export const plans: Record<PlanId, Plan> = {
  free: {
    id: "free",
    price: 0,
    currency: "GEL",
    maxMembers: 100,
    isPopular: false,
    sortOrder: 1,
    features: ["members100", "feed", "events", "support"],
  },
  starter: {
    id: "starter",
    price: 1900,
    currency: "GEL",
    maxMembers: 1000,
    isPopular: true,
    sortOrder: 2,
    features: ["members1000", "feed", "events", "courses", "paidMemberships"],
  },
  premium: {
    id: "premium",
    price: 4900,
    currency: "GEL",
    maxMembers: 10000,
    isPopular: false,
    sortOrder: 3,
    features: ["members10000", "feed", "events", "courses", "paidMemberships", "prioritySupport"],
  },
  business: {
    id: "business",
    price: 9900,
    currency: "GEL",
    maxMembers: null,
    isPopular: false,
    sortOrder: 4,
    features: ["membersUnlimited", "feed", "events", "courses", "paidMemberships", "prioritySupport", "dedicatedManager"],
  },
};

/**
 * The plan features the API enforces (DESIGN.md section 4): a community adds courses and sells paid
 * memberships only on a plan whose features include them.
 */
export const gatedFeatures = ["courses", "paidMemberships"] as const;
export type GatedFeature = (typeof gatedFeatures)[number];

/** The refusal when a community's plan lacks the feature: the API's message, in English. */
export const featureRefusal: Record<GatedFeature, string> = {
  courses: "Courses are part of the Starter plan and above.",
  paidMemberships: "Paid memberships are part of the Starter plan and above.",
};

/** Whether a plan's feature list (a plan's, or the one a community stored) includes the feature. */
export const includesFeature = (features: readonly string[], feature: GatedFeature) => features.includes(feature);

export const paymentTypes = ["subscription", "single"] as const;
export type PaymentType = (typeof paymentTypes)[number];
export const subscriptionIntervals = ["monthly", "quarterly", "semi_annually", "yearly"] as const;
export type SubscriptionInterval = (typeof subscriptionIntervals)[number];

/** Months in each billing interval. */
export const intervalMonths: Record<SubscriptionInterval, number> = { monthly: 1, quarterly: 3, semi_annually: 6, yearly: 12 };

export const exploreSorts = ["popular", "newest", "oldest", "price_low", "price_high"] as const;
export type ExploreSort = (typeof exploreSorts)[number];

export const MAX_COMMUNITY_IMAGES = 10;
export const MAX_COMMUNITY_IMAGE_BYTES = 5 * 1024 * 1024;
export const COMMUNITY_CREATION_BONUS = 10;

/** The YouTube video id of a watch, short, embed or youtu.be link; null for anything else. */
export function youtubeId(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
  const host = parsed.hostname.replace(/^(www\.|m\.)/, "");
  let candidate: string | null = null;
  if (host === "youtu.be") candidate = parsed.pathname.slice(1);
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (parsed.pathname === "/watch") candidate = parsed.searchParams.get("v");
    else {
      const match = parsed.pathname.match(/^\/(embed|shorts|live)\/([^/]+)/);
      candidate = match?.[2] ?? null;
    }
  }
  return candidate && /^[A-Za-z0-9_-]{11}$/.test(candidate) ? candidate : null;
}
