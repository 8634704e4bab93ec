import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../common/ids";
import { seedCommunity, seedMember, seedUser } from "../../tests/db-fixtures";
import { openTestDb, testEngine } from "../../tests/test-db";
import type { Effect, Step } from "./commit";
import { batch, type Db, type Statement } from "./db";
import { endMembership, mayRemove, restoreSteps } from "./membership";
import { revocationStatement, type RevokeEffect } from "./revocation";
import type { CommunityRole } from "./permissions";
import { cancelSubscriptions } from "./subscriptions";
import { communityMembers, userSubscriptions as subs } from "./tables";

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});

describe("who may remove or ban whom", () => {
  const roles: CommunityRole[] = ["owner", "admin", "moderator", "member"];
  // Rows: the one removing; columns: the one removed (owner, admin, moderator, member).
  const table: Record<CommunityRole, boolean[]> = {
    owner: [false, true, true, true],
    admin: [false, false, true, true],
    moderator: [false, false, false, true],
    member: [false, false, false, false],
  };

  it("lets the owner remove anyone but the owner, admins moderators and members, moderators members only", () => {
    for (const actor of roles) for (const [i, target] of roles.entries()) expect(mayRemove(actor, target)).toBe(table[actor][i]);
  });

  it("lets nobody without a role in the community remove anyone", () => {
    for (const target of roles) expect(mayRemove(null, target)).toBe(false);
  });
});

describe(`the membership lifecycle's billing on ${testEngine()}`, () => {
  async function subscriber(count: number) {
    const owner = await seedUser(db);
    const payer = await seedUser(db);
    const now = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const community = await seedCommunity(db, owner.id);
      const id = newId();
      ids.push(id);
      await db.insert(subs).values({
        id,
        userId: payer.id,
        communityId: community.id,
        amount: 1000,
        currentPeriodStart: now,
        currentPeriodEnd: now + 86_400_000,
        createdAt: now,
        updatedAt: now,
      });
    }
    return { payer, ids };
  }
  const statuses = async (ids: string[]) =>
    Object.fromEntries(
      (await db.select({ id: subs.id, status: subs.status }).from(subs).where(inArray(subs.id, ids))).map((r) => [
        r.id,
        r.status,
      ]),
    );

  it("cancels the one subscription asked for, leaving the person's others renewing", async () => {
    const { payer, ids } = await subscriber(2);
    await cancelSubscriptions(db, payer.id, Date.now(), ids[0]);
    expect(await statuses(ids)).toEqual({ [ids[0]!]: "cancelled", [ids[1]!]: "active" });
  });

  it("cancels all of a person's renewing subscriptions when none is named (an account's deletion)", async () => {
    const { payer, ids } = await subscriber(2);
    await cancelSubscriptions(db, payer.id, Date.now());
    expect(await statuses(ids)).toEqual({ [ids[0]!]: "cancelled", [ids[1]!]: "cancelled" });
    const [row] = await db.select({ retryAt: subs.retryAt }).from(subs).where(eq(subs.id, ids[0]!));
    expect(row!.retryAt).toBeNull();
  });

  it("moves no period when a restore finds no pause (the suspension's time is not before now)", async () => {
    const owner = await seedUser(db);
    const community = await seedCommunity(db, owner.id);
    const now = Date.now();
    expect(restoreSteps(db, community.id, now, now)).toEqual([]);
    expect(restoreSteps(db, community.id, now + 1_000, now)).toEqual([]);
    expect(restoreSteps(db, community.id, now - 1_000, now)).toHaveLength(2);
  });
});

describe(`a membership's end on ${testEngine()}`, () => {
  const isEffect = (step: Step): step is Effect => "effect" in step;

  /** Runs an end's statements in one batch, as commit does, with its revocation's read after them. */
  async function end(communityId: string, userId: string, role: "member" | "moderator", by: string) {
    const { steps } = endMembership(db, { communityId, userId, role, ending: "removed", by, now: Date.now() });
    const revoke = steps.filter(isEffect).find((s): s is RevokeEffect => s.effect === "revoke")!;
    const check = revocationStatement(db, revoke);
    const read = await batch(db, [...(steps.filter((s) => !isEffect(s)) as Statement[]), check]);
    const [member] = await db
      .select({ role: communityMembers.role })
      .from(communityMembers)
      .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.profileId, userId)));
    return { revokes: Number(read(check)[0]!.applies), role: member?.role ?? null };
  }

  it("closes the person's access only when the membership it read is the one that ended", async () => {
    const owner = await seedUser(db);
    const person = await seedUser(db);
    const community = await seedCommunity(db, owner.id);
    await seedMember(db, community.id, person.id, "moderator");
    // Read as a member, promoted meanwhile: nothing ends, and nobody's sockets close.
    expect(await end(community.id, person.id, "member", owner.id)).toEqual({ revokes: 0, role: "moderator" });
    expect(await end(community.id, person.id, "moderator", owner.id)).toEqual({ revokes: 1, role: null });
  });
});
