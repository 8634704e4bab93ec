import type { FieldIssue } from "../../../../common/contract/http";
import {
  categories,
  MAX_COMMUNITY_IMAGES,
  subscriptionIntervals,
  youtubeId,
  type Category,
  type PlanId,
} from "../../../../common/catalog";
import {
  AUDIENCE_TAG_MAX,
  AUDIENCE_TAGS_MAX,
  COMMUNITY_DESCRIPTION_MAX,
  COMMUNITY_NAME_MAX,
  PHONE_DIGITS,
  PHONE_PREFIX,
  PRICE_MAX,
} from "../../../../common/contract/limits";
import { tetriToGelInput } from "../format";
import type { PaymentType, SubscriptionInterval } from "../../../../common/catalog";
import type { CommunityDetail } from "../../../../common/contract/communities";
import type { CommunityVisibility } from "../../../../common/contract/enums";

/** The create and edit forms' state, their client-side rules (spec 002 section 5) and the API bodies. */

export type CommunityFormValues = {
  name: string;
  description: string;
  /** The 9 digits after the fixed +995. */
  phoneDigits: string;
  coverVideoUrl: string;
  categoryKey: Category | "";
  imageUrls: string[];
  targetAudience: string[];
  isPaid: boolean;
  /** GEL as typed, e.g. "29.50". */
  price: string;
  paymentType: PaymentType;
  subscriptionInterval: SubscriptionInterval;
  /** Chosen on Create only; the settings change it later with the questions. */
  visibility: CommunityVisibility;
};

export type CommunityField =
  | "name"
  | "description"
  | "phoneNumber"
  | "coverVideoUrl"
  | "categoryKey"
  | "imageUrls"
  | "targetAudience"
  | "price"
  | "paymentType"
  | "subscriptionInterval";

/** Field -> message: translation keys from validate(), the server's own words from issuesToErrors(). */
export type FormErrors = Partial<Record<CommunityField, string>>;

export const emptyCommunityForm = (): CommunityFormValues => ({
  name: "",
  description: "",
  phoneDigits: "",
  coverVideoUrl: "",
  categoryKey: "",
  imageUrls: [],
  targetAudience: [],
  isPaid: false,
  price: "",
  // Spec 002 section 9: payment type subscription, interval monthly.
  paymentType: "subscription",
  subscriptionInterval: "monthly",
  visibility: "public",
});

/** The edit form starts from the saved community. */
export function formFromCommunity(c: CommunityDetail): CommunityFormValues {
  return {
    name: c.name,
    description: c.description,
    phoneDigits: c.phoneNumber?.startsWith(PHONE_PREFIX) ? c.phoneNumber.slice(PHONE_PREFIX.length) : "",
    coverVideoUrl: c.coverVideoUrl ?? "",
    categoryKey: (categories as readonly string[]).includes(c.categoryKey) ? (c.categoryKey as Category) : "",
    imageUrls: c.imageUrls,
    targetAudience: c.targetAudience,
    isPaid: c.isPaid,
    price: c.isPaid ? tetriToGelInput(c.price) : "",
    paymentType: c.paymentType ?? "subscription",
    subscriptionInterval: c.subscriptionInterval ?? "monthly",
    visibility: c.visibility,
  };
}

/**
 * What the phone box keeps of what was typed or pasted: digits only, at most 9. A pasted number with the
 * country code ('+995 555 12 34 56') loses the code rather than its last digits.
 */
export function phoneDigitsFrom(raw: string): string {
  let digits = raw.replace(/\D/g, "");
  const countryCode = PHONE_PREFIX.slice(1);
  if (digits.length > PHONE_DIGITS && digits.startsWith(countryCode)) digits = digits.slice(countryCode.length);
  return digits.slice(0, PHONE_DIGITS);
}

/** A lari amount with at most two decimals, above 0; null when it is not one. */
export function parsePrice(raw: string): number | null {
  const text = raw.trim().replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const value = Number(text);
  return value > 0 && value <= PRICE_MAX ? value : null;
}

/** Client-side rules; the values are translation keys of the communities namespace. */
export function validateCommunityForm(v: CommunityFormValues): FormErrors {
  const errors: FormErrors = {};
  const name = v.name.trim();
  if (!name) errors.name = "validation.nameRequired";
  else if (name.length > COMMUNITY_NAME_MAX) errors.name = "validation.nameTooLong";
  const description = v.description.trim();
  if (!description) errors.description = "validation.descriptionRequired";
  else if (description.length > COMMUNITY_DESCRIPTION_MAX) errors.description = "validation.descriptionTooLong";
  if (!v.phoneDigits) errors.phoneNumber = "validation.phoneRequired";
  else if (v.phoneDigits.length !== PHONE_DIGITS || /\D/.test(v.phoneDigits)) errors.phoneNumber = "validation.phoneInvalid";
  if (v.coverVideoUrl.trim() && youtubeId(v.coverVideoUrl) === null) errors.coverVideoUrl = "validation.videoInvalid";
  if (!v.categoryKey) errors.categoryKey = "validation.categoryRequired";
  if (v.imageUrls.length > MAX_COMMUNITY_IMAGES) errors.imageUrls = "validation.tooManyImagesDescription";
  if (v.isPaid && parsePrice(v.price) === null) errors.price = "validation.priceInvalid";
  return errors;
}

/** The fields of POST /api/communities and PATCH /api/communities/:id (the plan only on create). */
export function toCommunityBody(v: CommunityFormValues) {
  const paid = v.isPaid;
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    phoneNumber: `${PHONE_PREFIX}${v.phoneDigits}`,
    coverVideoUrl: v.coverVideoUrl.trim() || null,
    // validateCommunityForm refuses an empty category before any submit (and the server would name the field).
    categoryKey: v.categoryKey as Category,
    imageUrls: v.imageUrls,
    targetAudience: v.targetAudience,
    isPaid: paid,
    price: paid ? parsePrice(v.price) : null,
    paymentType: paid ? v.paymentType : null,
    subscriptionInterval: paid && v.paymentType === "subscription" ? v.subscriptionInterval : null,
  };
}

export function toCreateBody(v: CommunityFormValues, plan: PlanId) {
  return { ...toCommunityBody(v), plan, visibility: v.visibility };
}

const FIELDS: readonly CommunityField[] = [
  "name",
  "description",
  "phoneNumber",
  "coverVideoUrl",
  "categoryKey",
  "imageUrls",
  "targetAudience",
  "price",
  "paymentType",
  "subscriptionInterval",
];

/** 'imageUrls.3' and 'targetAudience.0' belong to their list's field; unknown paths to none. */
export function fieldForIssue(path: string): CommunityField | null {
  const head = path.split(".")[0] as CommunityField;
  return FIELDS.includes(head) ? head : null;
}

/** The server's issues as per-field messages (first one per field wins), plus any it could not place. */
export function issuesToErrors(issues: FieldIssue[]): { errors: FormErrors; other: string[] } {
  const errors: FormErrors = {};
  const other: string[] = [];
  for (const issue of issues) {
    const field = fieldForIssue(issue.path);
    if (field) errors[field] ??= issue.message;
    else other.push(issue.message);
  }
  return { errors, other };
}

/** Fields in the order the form shows them, so focus goes to the first one with a problem. */
export const FIELD_ORDER: readonly CommunityField[] = [
  "imageUrls",
  "name",
  "description",
  "phoneNumber",
  "coverVideoUrl",
  "categoryKey",
  "targetAudience",
  "price",
  "paymentType",
  "subscriptionInterval",
];

export function firstInvalidField(errors: FormErrors): CommunityField | null {
  return FIELD_ORDER.find((f) => errors[f]) ?? null;
}

/** Adds an audience tag unless it is blank, too long, a repeat (any case) or one too many. */
export function addTag(tags: string[], raw: string): string[] {
  const tag = raw.trim().replace(/\s+/g, " ").slice(0, AUDIENCE_TAG_MAX);
  if (!tag || tags.length >= AUDIENCE_TAGS_MAX) return tags;
  if (tags.some((t) => t.toLocaleLowerCase() === tag.toLocaleLowerCase())) return tags;
  return [...tags, tag];
}

/** Reads a saved form back, trusting nothing about its shape (sessionStorage can hold anything). */
export function parseFormValues(value: unknown): CommunityFormValues | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  const str = (x: unknown) => (typeof x === "string" ? x : "");
  const strings = (x: unknown) => (Array.isArray(x) ? x.filter((s): s is string => typeof s === "string") : []);
  const base = emptyCommunityForm();
  const category = str(v.categoryKey);
  return {
    name: str(v.name),
    description: str(v.description),
    phoneDigits: phoneDigitsFrom(str(v.phoneDigits)),
    coverVideoUrl: str(v.coverVideoUrl),
    categoryKey: (categories as readonly string[]).includes(category) ? (category as Category) : "",
    imageUrls: strings(v.imageUrls).slice(0, MAX_COMMUNITY_IMAGES),
    targetAudience: strings(v.targetAudience).slice(0, AUDIENCE_TAGS_MAX),
    isPaid: v.isPaid === true,
    price: str(v.price),
    paymentType: v.paymentType === "single" ? "single" : base.paymentType,
    subscriptionInterval: subscriptionIntervals.includes(v.subscriptionInterval as SubscriptionInterval)
      ? (v.subscriptionInterval as SubscriptionInterval)
      : base.subscriptionInterval,
    visibility: v.visibility === "private" ? "private" : base.visibility,
  };
}
