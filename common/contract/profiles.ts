import { z } from "zod";
import { memberRoles } from "./enums";
import { cursorParam, endpoint, idParam, language, limitParam, page } from "./http";
import {
  ACTIVITY_PAGE_MAX,
  ACTIVITY_PAGE_SIZE,
  BIO_MAX,
  LOCATION_MAX,
  PLACE_QUERY_MAX,
  PLACE_QUERY_MIN,
  PROFESSION_MAX,
  USER_NAME_MAX,
  WEBSITE_MAX,
} from "./limits";
import { multiLine, singleLine } from "./text";
import { uploadedImageUrl } from "./uploads";

/**
 * Profiles (spec 001 "Own profile and editing"): one's own profile and its edits, other members'
 * public profiles (no e-mail, birth date or phone), their activity, and place suggestions for the
 * location field.
 */

// Requests.

/** An optional text: empty means "not given" and is stored as null (spec 001 section 5). */
const optional = <T extends z.ZodType<string>>(schema: T) =>
  schema
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

/** Latest calendar day anywhere on Earth (UTC+14): a birth date up to it is not in the future for somebody. */
const latestToday = () => new Date(Date.now() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);

const birthDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Birth date must be a date (YYYY-MM-DD)")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, "Birth date must be a real date")
  .refine((s) => s >= "1900-01-01", "Birth date must be after 1900")
  .refine((s) => s <= latestToday(), "Birth date cannot be in the future");

const website = z
  .string()
  .trim()
  .max(WEBSITE_MAX, `Website must be at most ${WEBSITE_MAX} characters`)
  .refine((s) => {
    if (!s) return true;
    try {
      const url = new URL(s);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
    } catch {
      return false;
    }
  }, "Website must be a web address starting with http:// or https://");

/**
 * An edit of one's own profile: only the fields sent change; null or empty clears an optional one.
 * The edit form sends its fields, the complete-profile wizard its own (spec 001 section 7).
 */
export const profileBody = z
  .object({
    fullName: singleLine("Full name", { max: USER_NAME_MAX }).optional(),
    profession: optional(singleLine("Profession", { max: PROFESSION_MAX, min: 0 })),
    location: optional(singleLine("Location", { max: LOCATION_MAX, min: 0 })),
    website: optional(website),
    bio: optional(multiLine("Bio", { max: BIO_MAX, min: 0 })),
    birthDate: optional(z.union([z.literal(""), birthDate])),
    avatarUrl: uploadedImageUrl("avatar").nullable().optional(),
    coverUrl: uploadedImageUrl("cover").nullable().optional(),
  })
  .strict();
export type ProfileBody = z.input<typeof profileBody>;

export const userParams = z.object({ userId: idParam });
export const activityQuery = z.object({ cursor: cursorParam, limit: limitParam(ACTIVITY_PAGE_MAX, ACTIVITY_PAGE_SIZE) });

export const placesQuery = z.object({
  q: z
    .string({ error: "Search text is required" })
    .trim()
    .min(PLACE_QUERY_MIN, `Type at least ${PLACE_QUERY_MIN} characters`)
    .max(PLACE_QUERY_MAX, `Search text must be at most ${PLACE_QUERY_MAX} characters`),
  lang: language.optional(),
});

// Answers.

const publicFields = {
  id: z.string(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  coverUrl: z.string().nullable(),
  profession: z.string().nullable(),
  location: z.string().nullable(),
  website: z.string().nullable(),
  bio: z.string().nullable(),
  /** Milliseconds; the profile shows its month and year. */
  joinedAt: z.number(),
};

/** What anyone signed in sees of a person. */
export const publicProfile = z.object(publicFields);
/** One's own profile: the public fields and the private ones the edit forms fill. */
export const ownProfile = z.object({ ...publicFields, birthDate: z.string().nullable() });
export type OwnProfile = z.output<typeof ownProfile>;

export const profileStats = z.object({
  totalPoints: z.number(),
  communities: z.number(),
  posts: z.number(),
  /** Likes received on the person's posts and comments. */
  likes: z.number(),
});
export type ProfileStats = z.output<typeof profileStats>;

export const profileCommunity = z.object({
  id: z.string(),
  name: z.string(),
  imageUrls: z.array(z.string()),
  isCreator: z.boolean(),
  role: z.enum(memberRoles),
  points: z.number(),
  level: z.number(),
});
export type ProfileCommunity = z.output<typeof profileCommunity>;

export const activityItem = z.object({
  /** Unique across kinds: `post:<id>`, `comment:<id>`, `like:<postId>`. */
  id: z.string(),
  type: z.enum(["post", "comment", "like"]),
  /** Cut to 150 characters plus '...'. */
  content: z.string(),
  postId: z.string(),
  communityId: z.string(),
  communityName: z.string(),
  createdAt: z.number(),
  pointsEarned: z.number(),
});
export type ActivityItem = z.output<typeof activityItem>;

export const activityPage = page(activityItem);

const profileParts = {
  stats: profileStats,
  /** The highest level reached in any of the communities shown. */
  level: z.number(),
  communities: z.array(profileCommunity),
  /** The first page of activity, newest first. */
  activity: activityPage,
};

export const ownProfileView = z.object({ profile: ownProfile, ...profileParts });
export type OwnProfileView = z.output<typeof ownProfileView>;

/**
 * Another member's profile. Communities, stats and activity cover only the communities the viewer
 * shares with them, so nothing of a members-only area reaches someone outside it.
 */
export const publicProfileView = z.object({
  profile: publicProfile,
  ...profileParts,
  isSelf: z.boolean(),
  /** The viewer blocked this person: the page offers Unblock and shows none of their activity. */
  blockedByMe: z.boolean(),
});
export type PublicProfileView = z.output<typeof publicProfileView>;

export const place = z.object({
  id: z.string(),
  /** The place's name in the asked language. */
  name: z.string(),
  /** What the field is filled with: the name and its country. */
  label: z.string(),
});
export type Place = z.output<typeof place>;

export const profiles = {
  mine: endpoint("GET", "/api/me/profile", { response: ownProfileView }),
  update: endpoint("PATCH", "/api/me/profile", { body: profileBody, response: ownProfile }),
  view: endpoint("GET", "/api/users/:userId/profile", { params: userParams, response: publicProfileView }),
  activity: endpoint("GET", "/api/users/:userId/activity", { params: userParams, query: activityQuery, response: activityPage }),
  places: endpoint("GET", "/api/places", { query: placesQuery, response: z.object({ items: z.array(place) }) }),
};
