import { eq, type SQL } from "drizzle-orm";
import type { Db } from "./db";
import type { UserRooms } from "./rooms";
import { communityMembers, conversationParticipants } from "./tables";

/**
 * The statements that read which community and conversation rooms a person may be connected to, to put
 * in a batch; `userRoomsFrom` turns their rows into the list the room calls take.
 */
export function userRoomsStatements(db: Db, userId: string | SQL) {
  return {
    communities: db
      .select({ id: communityMembers.communityId })
      .from(communityMembers)
      .where(eq(communityMembers.profileId, userId)),
    conversations: db
      .select({ id: conversationParticipants.conversationId })
      .from(conversationParticipants)
      .where(eq(conversationParticipants.userId, userId)),
  };
}

export const userRoomsFrom = (communities: { id: string }[], conversations: { id: string }[]): UserRooms => ({
  communityIds: communities.map((c) => c.id),
  conversationIds: conversations.map((c) => c.id),
});
