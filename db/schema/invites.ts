import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { invitationStatuses, type InvitationStatus } from "../../common/contract/enums";
import { users } from "./auth";
import { communities } from "./communities";
import { counter, createdAt, idColumn, millis } from "./columns";

export { invitationStatuses, type InvitationStatus };

/** Shareable links that let whoever holds them join a community, until they expire, run out or are revoked. */
export const communityInviteLinks = sqliteTable(
  "community_invite_links",
  {
    id: idColumn(),
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    /** Random and unguessable: holding it is the whole permission. */
    token: text("token").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: millis("expires_at"),
    /** null = no limit. */
    maxUses: integer("max_uses", { mode: "number" }),
    usesCount: counter("uses_count"),
    revokedAt: millis("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("community_invite_links_token_unique").on(t.token),
    index("community_invite_links_community_idx").on(t.communityId, t.createdAt),
  ],
);

/** A person invited by name; one row per person and community, a new invitation reopens it. */
export const communityInvitations = sqliteTable(
  "community_invitations",
  {
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    inviteeId: text("invitee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    inviterId: text("inviter_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: invitationStatuses }).notNull().default("pending"),
    createdAt: createdAt(),
    respondedAt: millis("responded_at"),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.inviteeId] }), index("community_invitations_invitee_idx").on(t.inviteeId)],
);
