/** Demo communities, their members and topics. Counters are derived later from the rows, never typed in. */
import { plans } from "../../common/catalog.ts";

export type SeedCommunity = {
  key: string;
  name: string;
  description: string;
  categoryKey: string;
  phoneNumber: string;
  coverVideoUrl: string | null;
  targetAudience: string[];
  /** Tetri; 0 for free communities. */
  price: number;
  paymentType: "subscription" | "single" | null;
  subscriptionInterval: "monthly" | null;
  subscriptionPlan: "free" | "starter";
  reviewStatus: "approved" | "under_review";
  daysAgo: number;
  creator: string;
  members: { user: string; role: "admin" | "moderator" | "member"; daysAgo: number }[];
  topics: { key: string; name: string; color: string }[];
};

/**
 * A plan's features and member limit as the API stores them (common/catalog.ts): the API reads the
 * features to allow courses and paid memberships, so a community with either must be on Starter.
 */
export const PLAN_FEATURES = { free: plans.free.features, starter: plans.starter.features };

export const PLAN_LIMITS = {
  free: { maxMembers: plans.free.maxMembers },
  starter: { maxMembers: plans.starter.maxMembers },
};

/** Starter plan price, paid monthly by the creator (tetri). */
export const STARTER_PLAN_PRICE = 1900;

export const COMMUNITIES: SeedCommunity[] = [
  {
    key: "startup",
    name: "Tbilisi Startup Circle",
    description:
      "A home for founders, operators and early employees building companies in Georgia. Weekly founder breakfasts, honest feedback on pitch decks and memos, and a hiring board that actually works.",
    categoryKey: "business",
    phoneNumber: "+995555123456",
    coverVideoUrl: null,
    targetAudience: [
      "First-time founders",
      "Startup operators and early employees",
      "Angel investors in the Caucasus",
      "Students curious about entrepreneurship",
    ],
    price: 0,
    paymentType: null,
    subscriptionInterval: null,
    subscriptionPlan: "free",
    reviewStatus: "approved",
    daysAgo: 60,
    creator: "ana",
    members: [
      { user: "ana", role: "admin", daysAgo: 60 },
      { user: "giorgi", role: "moderator", daysAgo: 59 },
      { user: "luka", role: "member", daysAgo: 57 },
      { user: "mariam", role: "member", daysAgo: 55 },
      { user: "dato", role: "member", daysAgo: 50 },
      { user: "salome", role: "member", daysAgo: 48 },
      { user: "tamar", role: "member", daysAgo: 40 },
      { user: "irakli", role: "member", daysAgo: 30 },
    ],
    topics: [
      { key: "announcements", name: "Announcements", color: "#2563EB" },
      { key: "fundraising", name: "Fundraising", color: "#16A34A" },
      { key: "product", name: "Product", color: "#9333EA" },
      { key: "hiring", name: "Hiring", color: "#EA580C" },
    ],
  },
  {
    key: "frontend",
    name: "Frontend Craft Academy",
    description:
      "Level up as a front-end engineer: a structured React and TypeScript curriculum, weekly live code reviews and a small group of people who care about craft. A new module every month.",
    categoryKey: "technology",
    phoneNumber: "+995555123456",
    coverVideoUrl: "https://www.youtube.com/watch?v=Tn6-PIqc4UM",
    targetAudience: [
      "Junior developers who want to ship real products",
      "Designers learning to code",
      "Career switchers preparing for front-end interviews",
    ],
    price: 2900,
    paymentType: "subscription",
    subscriptionInterval: "monthly",
    subscriptionPlan: "starter",
    reviewStatus: "approved",
    daysAgo: 45,
    creator: "ana",
    // Paid members' access comes from SUBSCRIPTIONS (activity.ts).
    members: [
      { user: "ana", role: "admin", daysAgo: 45 },
      { user: "mariam", role: "moderator", daysAgo: 40 },
      { user: "irakli", role: "member", daysAgo: 25 },
      { user: "giorgi", role: "member", daysAgo: 20 },
      { user: "luka", role: "member", daysAgo: 12 },
    ],
    topics: [
      { key: "announcements", name: "Announcements", color: "#2563EB" },
      { key: "react", name: "React", color: "#0EA5E9" },
      { key: "css", name: "CSS", color: "#DB2777" },
      { key: "career", name: "Career", color: "#CA8A04" },
    ],
  },
  {
    key: "runners",
    name: "Caucasus Trail Runners",
    description:
      "Trail running in the Georgian mountains: group long runs around Tbilisi, race reports from Kazbegi to Svaneti, training plans for every level and gear advice from people who actually use it.",
    categoryKey: "sports",
    phoneNumber: "+995599765432",
    coverVideoUrl: null,
    targetAudience: [
      "Road runners curious about trails",
      "Beginners training for a first 10K or 21K trail race",
      "Hikers who want to move faster in the mountains",
    ],
    price: 0,
    paymentType: null,
    subscriptionInterval: null,
    subscriptionPlan: "free",
    reviewStatus: "approved",
    daysAgo: 30,
    creator: "ana",
    members: [
      { user: "ana", role: "admin", daysAgo: 30 },
      { user: "dato", role: "moderator", daysAgo: 30 },
      { user: "salome", role: "member", daysAgo: 29 },
      { user: "tamar", role: "member", daysAgo: 29 },
      { user: "luka", role: "member", daysAgo: 26 },
      { user: "giorgi", role: "member", daysAgo: 22 },
    ],
    topics: [
      { key: "race-reports", name: "Race Reports", color: "#DC2626" },
      { key: "training", name: "Training", color: "#059669" },
      { key: "gear", name: "Gear", color: "#4B5563" },
    ],
  },
  {
    key: "photo",
    name: "Supra Photography Club",
    description:
      "Food, people and light at the Georgian table. Monthly photo walks in Tbilisi's old town, critique threads and a yearly exhibition of members' work.",
    categoryKey: "photography",
    phoneNumber: "+995555123456",
    coverVideoUrl: null,
    targetAudience: ["Hobby photographers", "Food bloggers", "Anyone with a camera and an appetite"],
    price: 0,
    paymentType: null,
    subscriptionInterval: null,
    subscriptionPlan: "free",
    reviewStatus: "under_review",
    daysAgo: 1,
    creator: "ana",
    members: [{ user: "ana", role: "admin", daysAgo: 1 }],
    topics: [{ key: "critique", name: "Critique", color: "#7C3AED" }],
  },
];
