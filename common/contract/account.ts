import { z } from "zod";
import { email, newPassword } from "./auth";
import { endpoint, idParam, ok } from "./http";
import { ACCOUNT_DELETION_REASON_MAX, PASSWORD_MAX } from "./limits";

/**
 * The account's own security: password and e-mail changes (behind our front door to better-auth, under
 * /api/auth like sign-in), the sessions it is signed in with, its deletion and a copy of its data.
 */

const FILL_ALL = "Please fill in all fields";
const filled = z.string({ error: FILL_ALL }).min(1, FILL_ALL);

export const changePasswordBody = z
  .object({
    currentPassword: filled.max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
    newPassword: filled.pipe(newPassword),
    confirmPassword: filled,
  })
  .refine((b) => b.newPassword === b.confirmPassword, { path: ["confirmPassword"], message: "Passwords must match" });
export type ChangePasswordBody = z.output<typeof changePasswordBody>;

/** The new address gets the verification link; the account changes only when it is followed. */
export const changeEmailBody = z.object({ newEmail: email });

export const accountSession = z.object({
  id: z.string(),
  /** The browser's own description of itself, as it sent it at sign-in. */
  userAgent: z.string().nullable(),
  createdAt: z.number(),
  /** When the session was last used (its expiry is pushed forward once a day while it is). */
  lastSeenAt: z.number(),
  current: z.boolean(),
});
export type AccountSession = z.output<typeof accountSession>;

export const sessionParams = z.object({ sessionId: idParam });

export const deletionStatus = z.object({
  hasPendingDeletion: z.boolean(),
  scheduledDeletionAt: z.number().nullable(),
  daysRemaining: z.number().nullable(),
});
export type DeletionStatus = z.output<typeof deletionStatus>;

export const requestDeletionBody = z.object({
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX, "Password is required"),
  reason: z
    .string({ error: "Reason must be text" })
    .trim()
    .max(ACCOUNT_DELETION_REASON_MAX, `Reason must be at most ${ACCOUNT_DELETION_REASON_MAX} characters`)
    .optional(),
});

const exportedPost = z.object({
  id: z.string(),
  communityId: z.string(),
  headline: z.string().nullable(),
  content: z.string(),
  createdAt: z.number(),
});
const exportedComment = z.object({ id: z.string(), postId: z.string(), content: z.string(), createdAt: z.number() });
const exportedMessage = z.object({ id: z.string(), conversationId: z.string(), content: z.string(), createdAt: z.number() });
const exportedPayment = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.string(),
  amount: z.number(),
  currency: z.string(),
  createdAt: z.number(),
});
const exportedCard = z.object({ maskedCard: z.string(), cardType: z.string().nullable(), createdAt: z.number() });
const exportedSubscription = z.object({
  id: z.string(),
  communityId: z.string(),
  status: z.string(),
  amount: z.number(),
  currency: z.string(),
  currentPeriodEnd: z.number(),
});

/** Everything of the person's own, and nothing of anyone else's. */
export const accountExport = z.object({
  exportedAt: z.number(),
  profile: z.object({
    id: z.string(),
    email: z.string(),
    fullName: z.string(),
    username: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    coverUrl: z.string().nullable(),
    profession: z.string().nullable(),
    location: z.string().nullable(),
    website: z.string().nullable(),
    bio: z.string().nullable(),
    birthDate: z.string().nullable(),
    phone: z.string().nullable(),
    language: z.string(),
    createdAt: z.number(),
  }),
  memberships: z.array(z.object({ communityId: z.string(), communityName: z.string(), role: z.string(), joinedAt: z.number() })),
  posts: z.array(exportedPost),
  comments: z.array(exportedComment),
  messages: z.array(exportedMessage),
  payments: z.object({
    orders: z.array(exportedPayment),
    subscriptions: z.array(exportedSubscription),
    cards: z.array(exportedCard),
  }),
});
export type AccountExport = z.output<typeof accountExport>;

/** better-auth's own answer; nothing in it is ours to promise. */
const betterAuthAnswer = z.unknown();

export const account = {
  changePassword: endpoint("POST", "/api/auth/change-password", { body: changePasswordBody, response: betterAuthAnswer }),
  changeEmail: endpoint("POST", "/api/auth/change-email", { body: changeEmailBody, response: betterAuthAnswer }),
  sessions: endpoint("GET", "/api/account/sessions", { response: z.object({ items: z.array(accountSession) }) }),
  signOutSession: endpoint("DELETE", "/api/account/sessions/:sessionId", { params: sessionParams, response: ok }),
  signOutOthers: endpoint("POST", "/api/account/sessions/sign-out-others", { response: z.object({ signedOut: z.number() }) }),
  deletion: endpoint("GET", "/api/account/deletion", { response: deletionStatus }),
  requestDeletion: endpoint("POST", "/api/account/deletion", { body: requestDeletionBody, response: deletionStatus }),
  cancelDeletion: endpoint("DELETE", "/api/account/deletion", { response: deletionStatus }),
  exportData: endpoint("GET", "/api/account/export", { response: accountExport }),
};
