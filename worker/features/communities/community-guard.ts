import type { Context } from "hono";
import type { HonoEnv } from "../../env";
import { toActor } from "../../lib/community-access";
import { AppError, notFound } from "../../lib/errors";
import { canViewCommunity } from "../../lib/permissions";
import { currentUser } from "../../lib/session";
import { findCommunity, type CommunityRow } from "./community.queries";

/** Loads a community the caller may see; anything else is the same 404 (no existence leaks). */
export async function visibleCommunity(c: Context<HonoEnv>, id: string) {
  const user = await currentUser(c);
  const row = await findCommunity(c.env.DB, id, user?.id ?? null);
  const actor = toActor(user);
  if (!row || !canViewCommunity(actor, row)) throw notFound("Community not found.");
  return { user, actor, row };
}

export function assertWritable(row: CommunityRow) {
  if (row.archived) throw new AppError("READ_ONLY", "This community is archived and read-only.");
}
