import { z } from "zod";
import {
  categories,
  exploreSorts,
  MAX_COMMUNITY_IMAGES,
  paymentTypes,
  planIds,
  subscriptionIntervals,
  youtubeId,
} from "../../../common/catalog";

/** Input rules of community endpoints; the messages are the spec's (spec 002 section 5). */
const communityImageUrl = z
  .string()
  .regex(/^\/files\/community_image\/[0-9a-f-]{36}\.(jpg|png|webp|gif)$/, "Images must be uploaded first");

/** Lari with at most two decimals, stored as tetri. */
const priceGel = z
  .number({ error: "Please enter a valid price" })
  .positive("Please enter a valid price")
  .max(100_000, "Please enter a valid price")
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "Please enter a valid price");

const fields = {
  name: z
    .string({ error: "Community name is required" })
    .trim()
    .min(1, "Community name is required")
    .max(100, "Community name must be at most 100 characters"),
  description: z
    .string({ error: "Description is required" })
    .trim()
    .min(1, "Description is required")
    .max(2000, "Description must be at most 2000 characters"),
  phoneNumber: z
    .string({ error: "Phone number is required" })
    .trim()
    .min(1, "Phone number is required")
    .regex(/^\+995\d{9}$/, "Invalid Georgian phone number format"),
  coverVideoUrl: z
    .string()
    .trim()
    .max(300, "Please enter a valid YouTube URL")
    .refine((v) => v === "" || youtubeId(v) !== null, "Please enter a valid YouTube URL")
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional(),
  categoryKey: z.enum(categories, { error: "Please select a category" }),
  imageUrls: z.array(communityImageUrl).max(MAX_COMMUNITY_IMAGES, "You can only upload up to 10 images.").default([]),
  targetAudience: z
    .array(z.string().trim().min(1, "Tags cannot be empty").max(60, "Tags must be at most 60 characters"))
    .max(20, "At most 20 audience tags")
    .default([]),
  isPaid: z.boolean({ error: "Choose free or paid" }).default(false),
  price: priceGel.nullable().optional(),
  paymentType: z.enum(paymentTypes, { error: "Choose subscription or one-time" }).nullable().optional(),
  subscriptionInterval: z.enum(subscriptionIntervals, { error: "Choose a billing interval" }).nullable().optional(),
};

type PaidFields = { isPaid?: boolean; price?: number | null; paymentType?: string | null; subscriptionInterval?: string | null };

/** A paid community needs a price and payment type; a subscription needs an interval. */
function checkPaid(value: PaidFields, ctx: z.RefinementCtx) {
  if (!value.isPaid) return;
  if (value.price == null) ctx.addIssue({ code: "custom", path: ["price"], message: "Please enter a valid price" });
  if (!value.paymentType) ctx.addIssue({ code: "custom", path: ["paymentType"], message: "Choose subscription or one-time" });
  if (value.paymentType === "subscription" && !value.subscriptionInterval) {
    ctx.addIssue({ code: "custom", path: ["subscriptionInterval"], message: "Choose a billing interval" });
  }
}

export const createCommunityBody = z
  .object({ ...fields, plan: z.enum(planIds, { error: "Invalid plan" }) })
  .superRefine(checkPaid);
export type CreateCommunityBody = z.infer<typeof createCommunityBody>;

export const updateCommunityBody = z
  .object({
    name: fields.name.optional(),
    description: fields.description.optional(),
    phoneNumber: fields.phoneNumber.optional(),
    coverVideoUrl: fields.coverVideoUrl,
    categoryKey: fields.categoryKey.optional(),
    imageUrls: z.array(communityImageUrl).max(MAX_COMMUNITY_IMAGES, "You can only upload up to 10 images.").optional(),
    targetAudience: fields.targetAudience.optional(),
    isPaid: z.boolean().optional(),
    price: fields.price,
    paymentType: fields.paymentType,
    subscriptionInterval: fields.subscriptionInterval,
  })
  .superRefine(checkPaid);
export type UpdateCommunityBody = z.infer<typeof updateCommunityBody>;

const numberParam = (message: string) => z.coerce.number({ error: message }).min(0, message).max(10_000_000, message);

export const exploreQuery = z.object({
  q: z.string().trim().max(100, "Search text must be at most 100 characters").optional(),
  category: z.enum(categories, { error: "Unknown category" }).optional(),
  price: z.enum(["all", "free", "paid"]).default("all"),
  minPrice: numberParam("Invalid minimum price").optional(),
  maxPrice: numberParam("Invalid maximum price").optional(),
  paymentType: z.enum(["all", ...paymentTypes]).default("all"),
  minMembers: z.coerce
    .number({ error: "Invalid minimum members" })
    .int("Invalid minimum members")
    .min(0)
    .max(100_000_000)
    .optional(),
  sort: z.enum(exploreSorts, { error: "Unknown sort" }).default("popular"),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(48).default(12),
});
export type ExploreQuery = z.infer<typeof exploreQuery>;

export const communityParams = z.object({ id: z.string().min(1).max(64) });

export const topicBody = z.object({
  name: z
    .string({ error: "Topic name is required" })
    .trim()
    .min(1, "Topic name is required")
    .max(40, "Topic name must be at most 40 characters"),
  color: z.string({ error: "Choose a colour" }).regex(/^#[0-9a-fA-F]{6}$/, "Choose a colour"),
});
export const topicParams = z.object({ id: z.string().min(1).max(64), topicId: z.string().min(1).max(64) });

export const memberParams = z.object({ id: z.string().min(1).max(64), userId: z.string().min(1).max(64) });
export const roleBody = z.object({ role: z.enum(["admin", "moderator", "member"], { error: "Choose a role" }) });

export const reviewDecisionBody = z.object({
  reason: z.string().trim().max(1000, "The reason must be at most 1000 characters").optional(),
});
export const rejectBody = z.object({
  reason: z
    .string({ error: "Give the owner a reason" })
    .trim()
    .min(1, "Give the owner a reason")
    .max(1000, "The reason must be at most 1000 characters"),
});
export const reviewQueueQuery = z.object({
  status: z.enum(["under_review", "approved", "rejected", "suspended"]).default("under_review"),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
