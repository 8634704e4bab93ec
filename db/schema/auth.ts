import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { DEFAULT_LANGUAGE, languages } from "../../common/contract/enums";

/**
 * Accounts. better-auth owns id, email, email_verified, full_name (its `name`), avatar_url (its `image`)
 * and the timestamps; the profile fields of the spec live on the same row so a member card is one read.
 */
export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
    fullName: text("full_name").notNull().default(""),
    avatarUrl: text("avatar_url"),
    username: text("username"),
    coverUrl: text("cover_url"),
    profession: text("profession"),
    location: text("location"),
    website: text("website"),
    bio: text("bio"),
    birthDate: text("birth_date"),
    phone: text("phone"),
    /** 'staff' reviews communities, handles reports and support tickets; null for everyone else. */
    platformRole: text("platform_role", { enum: ["staff"] }),
    /** The person's language: set from the UI at sign-up, changed with the language menu; their e-mails use it. */
    language: text("language", { enum: languages }).notNull().default(DEFAULT_LANGUAGE),
    /** Account deletion: when it was requested and when the purge runs (null when none is pending). */
    deletionRequestedAt: integer("deletion_requested_at", { mode: "number" }),
    deletionScheduledAt: integer("deletion_scheduled_at", { mode: "number" }),
    deletionReason: text("deletion_reason"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_username_unique").on(t.username),
    index("users_deletion_scheduled_idx").on(t.deletionScheduledAt),
    index("users_full_name_idx").on(t.fullName),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("sessions_token_unique").on(t.token), index("sessions_user_idx").on(t.userId)],
);

export const accounts = sqliteTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: integer("access_token_expires_at", { mode: "timestamp_ms" }),
    refreshTokenExpiresAt: integer("refresh_token_expires_at", { mode: "timestamp_ms" }),
    scope: text("scope"),
    password: text("password"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

/** better-auth's one-time values: e-mail verification and password-reset tokens (single use, expiring). */
export const verifications = sqliteTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);
