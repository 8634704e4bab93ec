import { z } from "zod";
import { memberRoles, reviewStatuses } from "./enums";
import { endpoint, language } from "./http";

/** The signed-in person and their communities. */

export const sessionUser = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  emailVerified: z.boolean(),
  platformRole: z.literal("staff").nullable(),
  language,
});
export type SessionUser = z.output<typeof sessionUser>;

/** The server computes the permission flags; the web only reads them. */
export const myCommunity = z.object({
  id: z.string(),
  name: z.string(),
  imageUrls: z.array(z.string()),
  role: z.enum(memberRoles),
  isCreator: z.boolean(),
  archived: z.boolean(),
  reviewStatus: z.enum(reviewStatuses),
  /** Creator or admin: Settings tab, management screens. */
  canManage: z.boolean(),
  /** canManage and not archived. */
  canEdit: z.boolean(),
});
export type MyCommunity = z.output<typeof myCommunity>;

/** What the person chose for themselves; the language menu sends the language when they change it. */
export const preferencesBody = z.object({ language });
export const preferences = z.object({ language });

export const me = {
  get: endpoint("GET", "/api/me", { response: z.object({ user: sessionUser.nullable() }) }),
  communities: endpoint("GET", "/api/me/communities", { response: z.object({ communities: z.array(myCommunity) }) }),
  setPreferences: endpoint("PATCH", "/api/me/preferences", { body: preferencesBody, response: preferences }),
};
