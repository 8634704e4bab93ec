import { plans } from "../common/catalog";
import { newId } from "../common/ids";
import * as schema from "../db/schema";
import type { Db } from "../worker/lib/db";
import type { SessionUser } from "../worker/lib/session";

/**
 * Rows for data-layer tests, written through drizzle so they run on every engine (D1 and libSQL).
 * Each helper writes fresh ids, so tests sharing a database never see each other's rows.
 */

export async function seedUser(db: Db, overrides: { fullName?: string; staff?: boolean } = {}): Promise<SessionUser> {
  const id = newId();
  const now = new Date();
  const [row] = await db
    .insert(schema.users)
    .values({
      id,
      email: `user-${id}@example.com`,
      emailVerified: true,
      fullName: overrides.fullName ?? "Test User",
      platformRole: overrides.staff ? "staff" : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return {
    id: row!.id,
    email: row!.email,
    fullName: row!.fullName,
    avatarUrl: row!.avatarUrl,
    emailVerified: row!.emailVerified,
    platformRole: row!.platformRole === "staff" ? "staff" : null,
    language: row!.language,
  };
}

/**
 * An approved community and its owner's admin membership, in one batch. Its plan (with the plan's
 * features and member limit) is Starter for a paid one, so it sells memberships, else Free.
 */
export async function seedCommunity(
  db: Db,
  ownerId: string,
  overrides: Partial<typeof schema.communities.$inferInsert> = {},
): Promise<{ id: string; name: string }> {
  const id = newId();
  const name = overrides.name ?? `Community ${id.slice(-6)}`;
  const plan = plans[overrides.subscriptionPlan ?? (overrides.isPaid ? "starter" : "free")];
  await db.batch([
    db.insert(schema.communities).values({
      id,
      name,
      description: "A community for tests",
      categoryKey: "technology",
      creatorId: ownerId,
      reviewStatus: "approved",
      membersCount: 1,
      subscriptionPlan: plan.id,
      planFeatures: [...plan.features],
      planLimits: { maxMembers: plan.maxMembers },
      ...overrides,
    }),
    db.insert(schema.communityMembers).values({ communityId: id, profileId: ownerId, role: "admin" }),
  ]);
  return { id, name };
}

export async function seedMember(db: Db, communityId: string, userId: string, role: "admin" | "moderator" | "member" = "member") {
  await db.insert(schema.communityMembers).values({ communityId, profileId: userId, role, joinedAt: Date.now() });
}

/** A live session of `userId`: its token is what statements that read the viewer from the session take. */
export async function seedSession(db: Db, userId: string): Promise<string> {
  const token = newId();
  const now = new Date();
  await db.insert(schema.sessions).values({
    id: newId(),
    userId,
    token,
    expiresAt: new Date(now.getTime() + 3_600_000),
    createdAt: now,
    updatedAt: now,
  });
  return token;
}

export async function seedPost(db: Db, communityId: string, authorId: string, content = "Hello"): Promise<{ id: string }> {
  const [row] = await db.insert(schema.posts).values({ communityId, authorId, content }).returning({ id: schema.posts.id });
  return row!;
}

export async function seedNotification(
  db: Db,
  values: Pick<typeof schema.notifications.$inferInsert, "recipientId"> & Partial<typeof schema.notifications.$inferInsert>,
): Promise<{ id: string; createdAt: number }> {
  const [row] = await db
    .insert(schema.notifications)
    .values({ type: "POST_LIKE", ...values })
    .returning({ id: schema.notifications.id, createdAt: schema.notifications.createdAt });
  return row!;
}

/** A conversation with its participants (direct: exactly two users). */
export async function seedConversation(
  db: Db,
  type: "direct" | "group",
  userIds: string[],
  values: Partial<typeof schema.conversations.$inferInsert> = {},
): Promise<{ id: string }> {
  const id = newId();
  await db.batch([
    db.insert(schema.conversations).values({
      id,
      type,
      directKey: type === "direct" ? [...userIds].sort().join(":") : null,
      memberCount: userIds.length,
      createdBy: userIds[0] ?? null,
      ...values,
    }),
    ...userIds.map((userId) => db.insert(schema.conversationParticipants).values({ conversationId: id, userId })),
  ]);
  return { id };
}
