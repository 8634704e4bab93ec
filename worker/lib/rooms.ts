/**
 * How the API pushes into realtime rooms after a D1 commit: a typed RPC on the room's Durable Object
 * stub (never an HTTP route, so nothing here is reachable from outside).
 *
 * Publishing is best effort: the write is already committed, so a failure is logged and reported as
 * 0 deliveries instead of failing the request. Call it in `c.executionCtx.waitUntil(...)` to answer
 * without waiting for the room.
 */
import type { CommunityRoom, Presence } from "../../party/community-room";
import type { ConversationRoom } from "../../party/conversation-room";
import type { CommunityEvent, ConversationEvent, UserEvent } from "../../common/realtime-protocol";
import type { UserRoom } from "../../party/user-room";
import type { AppEnv } from "../env";
import { log } from "./logging";

const communityRoom = (env: AppEnv, communityId: string) =>
  (env.CommunityRoom as DurableObjectNamespace<CommunityRoom>).getByName(communityId);
const conversationRoom = (env: AppEnv, conversationId: string) =>
  (env.ConversationRoom as DurableObjectNamespace<ConversationRoom>).getByName(conversationId);
const userRoom = (env: AppEnv, userId: string) => (env.UserRoom as DurableObjectNamespace<UserRoom>).getByName(userId);

async function bestEffort<T>(what: string, room: string, fallback: T, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    log("error", "realtime", `${what} failed`, { room, error: err instanceof Error ? err.message : String(err) });
    return fallback;
  }
}

/** Sends `event` to every member connected to the community's room; resolves to how many sockets got it. */
export function publishToCommunity(env: AppEnv, communityId: string, event: CommunityEvent): Promise<number> {
  return bestEffort(`publish ${event.type}`, `community-room/${communityId}`, 0, () =>
    communityRoom(env, communityId).publish(event),
  );
}

/** Sends `event` to every participant connected to the conversation's room, except `hiddenFrom`. */
export function publishToConversation(
  env: AppEnv,
  conversationId: string,
  event: ConversationEvent,
  hiddenFrom: readonly string[] = [],
): Promise<number> {
  return bestEffort(`publish ${event.type}`, `conversation-room/${conversationId}`, 0, () =>
    conversationRoom(env, conversationId).publish(event, hiddenFrom),
  );
}

/** Starts or ends a block between two participants of a group chat in its room (their typing). */
export function setHiddenInConversation(env: AppEnv, conversationId: string, a: string, b: string, hidden: boolean): Promise<void> {
  return bestEffort("hide", `conversation-room/${conversationId}`, undefined, () =>
    conversationRoom(env, conversationId).setHidden(a, b, hidden),
  );
}

/** Who has the conversation open right now; empty when the room cannot be reached. */
export async function getConversationPresence(env: AppEnv, conversationId: string): Promise<string[]> {
  const presence = await bestEffort<Presence>("presence", `conversation-room/${conversationId}`, { online: [], count: 0 }, () =>
    conversationRoom(env, conversationId).getPresence(),
  );
  return presence.online;
}

/** Whether the user has the app open anywhere (a socket to their own room). */
export function isUserOnline(env: AppEnv, userId: string): Promise<boolean> {
  return bestEffort("online", `user-room/${userId}`, false, async () => (await userRoom(env, userId).connectionCount()) > 0);
}

/** Sends `event` to every open tab of one user. */
export function publishToUser(env: AppEnv, userId: string, event: UserEvent): Promise<number> {
  return bestEffort(`publish ${event.type}`, `user-room/${userId}`, 0, () => userRoom(env, userId).publish(event));
}

/** `publishToUser` for several users at once (e.g. a conversation bump for every participant). */
export async function publishToUsers(env: AppEnv, userIds: readonly string[], event: UserEvent): Promise<number> {
  const counts = await Promise.all([...new Set(userIds)].map((userId) => publishToUser(env, userId, event)));
  return counts.reduce((sum, n) => sum + n, 0);
}

/** Who is online in a community right now (all ids, uncapped); empty when the room cannot be reached. */
export function getCommunityPresence(env: AppEnv, communityId: string): Promise<Presence> {
  return bestEffort<Presence>("presence", `community-room/${communityId}`, { online: [], count: 0 }, () =>
    communityRoom(env, communityId).getPresence(),
  );
}

/**
 * Closes a user's sockets in a room after their access ended (left or removed from a community or
 * conversation, blocked, account deleted, signed out everywhere). Resolves to how many were closed.
 */
export function disconnectFromCommunity(env: AppEnv, communityId: string, userId: string): Promise<number> {
  return bestEffort("disconnect", `community-room/${communityId}`, 0, () =>
    communityRoom(env, communityId).disconnectUser(userId),
  );
}

export function disconnectFromConversation(env: AppEnv, conversationId: string, userId: string): Promise<number> {
  return bestEffort("disconnect", `conversation-room/${conversationId}`, 0, () =>
    conversationRoom(env, conversationId).disconnectUser(userId),
  );
}

/** Closes every socket of a conversation's room (the group chat was removed). */
export function disconnectConversation(env: AppEnv, conversationId: string): Promise<number> {
  return bestEffort("disconnect all", `conversation-room/${conversationId}`, 0, () =>
    conversationRoom(env, conversationId).disconnectAll(),
  );
}

/** The rooms besides their own where a person may have sockets open. */
export type UserRooms = { communityIds: readonly string[]; conversationIds: readonly string[] };

/**
 * Closes the sockets that sessions of a user opened, in the user's own room and in each of `rooms`
 * (sessions signed out, or all but this one after a password change). Resolves to how many were closed.
 */
export async function disconnectSessions(
  env: AppEnv,
  userId: string,
  sessionIds: readonly string[],
  rooms: UserRooms,
): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const counts = await Promise.all([
    bestEffort("disconnect sessions", `user-room/${userId}`, 0, () => userRoom(env, userId).disconnectSessions(sessionIds)),
    ...rooms.communityIds.map((id) =>
      bestEffort("disconnect sessions", `community-room/${id}`, 0, () => communityRoom(env, id).disconnectSessions(sessionIds)),
    ),
    ...rooms.conversationIds.map((id) =>
      bestEffort("disconnect sessions", `conversation-room/${id}`, 0, () =>
        conversationRoom(env, id).disconnectSessions(sessionIds),
      ),
    ),
  ]);
  return counts.reduce((sum, n) => sum + n, 0);
}

/** Closes every tab's user-room socket (account deleted, all sessions revoked). */
export function disconnectUserRoom(env: AppEnv, userId: string): Promise<number> {
  return bestEffort("disconnect", `user-room/${userId}`, 0, () => userRoom(env, userId).disconnectUser(userId));
}
