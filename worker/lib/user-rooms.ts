import { sql, type SQL } from "drizzle-orm";
import type { Db } from "./db";
import type { UserRooms } from "./rooms";

/**
 * The statements that read which community and conversation rooms a person may be connected to, to put
 * in a batch; `userRoomsFrom` turns their rows into the list the room calls take.
 */
export function userRoomsStatements(db: Db, userId: string | SQL) {
  return {
    communities: db.all<{ id: string }>(sql`select community_id as id from community_members where profile_id = ${userId}`),
    conversations: db.all<{ id: string }>(
      sql`select conversation_id as id from conversation_participants where user_id = ${userId}`,
    ),
  };
}

export const userRoomsFrom = (communities: { id: string }[], conversations: { id: string }[]): UserRooms => ({
  communityIds: communities.map((c) => c.id),
  conversationIds: conversations.map((c) => c.id),
});
