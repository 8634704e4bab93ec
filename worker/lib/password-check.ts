import { and, eq } from "drizzle-orm";
import type { AppEnv } from "../env";
import { createAuth } from "./auth";
import type { Db } from "./db";
import { accounts } from "./tables";

/**
 * Whether `password` is the account's current one, checked with better-auth's own hasher so it agrees
 * with sign-in. For confirmations of one's own serious actions (deleting the account).
 */
export async function isCurrentPassword(env: AppEnv, db: Db, request: Request, userId: string, password: string) {
  const [row] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
    .limit(1);
  if (!row?.hash) return false;
  const context = await createAuth(env, db, request).$context;
  return context.password.verify({ hash: row.hash, password });
}
