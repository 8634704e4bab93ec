import { env } from "cloudflare:workers";
import { newId } from "../common/ids";

/** Bans `userId` from the community, as the owner would, written straight into D1. */
export async function insertBan(communityId: string, userId: string): Promise<void> {
  await env.DB.prepare("insert into community_bans (community_id, user_id, created_at) values (?, ?, ?)")
    .bind(communityId, userId, Date.now())
    .run();
}

/** A pending request of `userId` to join the community, without questions; answers its id. */
export async function insertPendingRequest(communityId: string, userId: string): Promise<string> {
  const id = newId();
  const now = Date.now();
  await env.DB.prepare(
    "insert into membership_requests (id, community_id, user_id, answers, status, created_at, updated_at) values (?, ?, ?, '[]', 'pending', ?, ?)",
  )
    .bind(id, communityId, userId, now, now)
    .run();
  return id;
}

/** Changes to an approved community waiting for staff, as its owner's edit leaves them; answers their version. */
export async function insertPendingEdit(
  communityId: string,
  edit: Record<string, unknown>,
  at = 1_700_000_000_000,
): Promise<number> {
  await env.DB.prepare("update communities set pending_edit = ?, pending_edit_at = ? where id = ?")
    .bind(JSON.stringify(edit), at, communityId)
    .run();
  return at;
}
