/**
 * How the API pushes into realtime rooms after a D1 commit: a typed RPC on the room's Durable Object
 * stub (never an HTTP route, so nothing here is reachable from outside).
 *
 * Publishing is best effort: the write is already committed, so a failure is logged and reported as
 * 0 deliveries instead of failing the request. Call it in `c.executionCtx.waitUntil(...)` to answer
 * without waiting for the room.
 */
import type { CommunityRoom, Presence } from "../../party/community-room";
import type {
  ChangeResult,
  ConversationRoomBase as ConversationRoom,
  SendRefusal,
  SendResult,
} from "../../party/conversation-room";
import type { MessageChange } from "../../party/message-log";
import type { CommunityEvent, ConversationEvent, UserEvent } from "../../common/realtime-protocol";
import type { UserRoom } from "../../party/user-room";
import type { AppEnv } from "../env";
import { log } from "../../common/log";
import { countRoomCall, type QueryStats } from "./query-count";

const communityRoom = (env: AppEnv, communityId: string) =>
  (env.CommunityRoom as DurableObjectNamespace<CommunityRoom>).getByName(communityId);
const conversationRoom = (env: AppEnv, conversationId: string) =>
  (env.ConversationRoom as DurableObjectNamespace<ConversationRoom>).getByName(conversationId);
const userRoom = (env: AppEnv, userId: string) => (env.UserRoom as DurableObjectNamespace<UserRoom>).getByName(userId);

async function bestEffort<T>(what: string, room: string, fallback: T, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    log("error", `${what} failed`, { room, error: err instanceof Error ? err.message : String(err) });
    return fallback;
  }
}

const many = <E>(events: E | readonly E[]): readonly E[] => (Array.isArray(events) ? events : [events as E]);
const named = (events: readonly { type: string }[]) => `publish ${events.map((e) => e.type).join(", ")}`;

/**
 * Sends events, in order, to every member connected to the community's room, in one call to it;
 * resolves to how many frames went out.
 */
export function publishToCommunity(
  env: AppEnv,
  communityId: string,
  events: CommunityEvent | readonly CommunityEvent[],
): Promise<number> {
  const list = many(events);
  return bestEffort(named(list), `community-room/${communityId}`, 0, () => communityRoom(env, communityId).publish(list));
}

/** Sends events to every participant connected to the conversation's room, except `hiddenFrom`. */
export function publishToConversation(
  env: AppEnv,
  conversationId: string,
  events: ConversationEvent | readonly ConversationEvent[],
  hiddenFrom: readonly string[] = [],
): Promise<number> {
  const list = many(events);
  return bestEffort(named(list), `conversation-room/${conversationId}`, 0, () =>
    conversationRoom(env, conversationId).publish(list, hiddenFrom),
  );
}

/** Starts or ends a block between two participants of a group chat in its room (their typing). */
export function setHiddenInConversation(
  env: AppEnv,
  conversationId: string,
  a: string,
  b: string,
  hidden: boolean,
): Promise<void> {
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

/** Sends events to every open tab of one user. */
export function publishToUser(env: AppEnv, userId: string, events: UserEvent | readonly UserEvent[]): Promise<number> {
  const list = many(events);
  return bestEffort(named(list), `user-room/${userId}`, 0, () => userRoom(env, userId).publish(list));
}

/** A frame for one room, sent once the write that made it has committed (see commit.ts). */
export type Frame =
  | { room: "community"; id: string; event: CommunityEvent }
  | { room: "conversation"; id: string; event: ConversationEvent; hiddenFrom?: readonly string[] }
  | { room: "user"; id: string; event: UserEvent };

/** How many rooms a write's frames reach at once: a community-wide fan-out goes out in waves, not one burst. */
export const ROOM_WAVE = 50;

/** One call to one room: its frames' events, in order. */
export type RoomCall = { frame: Frame; events: Frame["event"][] };

/**
 * Frames grouped into one call per room, each room's events in the order given and an identical event
 * only once (two awards in one community refresh its leaderboard once).
 */
export function roomCalls(frames: readonly Frame[]): RoomCall[] {
  const rooms = new Map<string, RoomCall & { seen: Set<string> }>();
  for (const frame of frames) {
    const hidden = frame.room === "conversation" ? [...(frame.hiddenFrom ?? [])].sort().join(",") : "";
    const key = `${frame.room}/${frame.id}/${hidden}`;
    const room = rooms.get(key) ?? { frame, events: [], seen: new Set<string>() };
    rooms.set(key, room);
    const text = JSON.stringify(frame.event);
    if (room.seen.has(text)) continue;
    room.seen.add(text);
    room.events.push(frame.event);
  }
  return [...rooms.values()].map(({ frame, events }) => ({ frame, events }));
}

function call(env: AppEnv, { frame, events }: RoomCall): Promise<number> {
  switch (frame.room) {
    case "community":
      return publishToCommunity(env, frame.id, events as CommunityEvent[]);
    case "conversation":
      return publishToConversation(env, frame.id, events as ConversationEvent[], frame.hiddenFrom);
    case "user":
      return publishToUser(env, frame.id, events as UserEvent[]);
  }
}

/** Makes the calls, `ROOM_WAVE` rooms at a time; resolves to how many frames went out. */
export async function sendRoomCalls(env: AppEnv, calls: readonly RoomCall[]): Promise<number> {
  let sent = 0;
  for (let start = 0; start < calls.length; start += ROOM_WAVE) {
    const counts = await Promise.all(calls.slice(start, start + ROOM_WAVE).map((c) => call(env, c)));
    sent += counts.reduce((sum, n) => sum + n, 0);
  }
  return sent;
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

/** Closes every socket of a conversation's room and drops the messages it kept (the group chat was removed). */
export function disconnectConversation(env: AppEnv, conversationId: string): Promise<number> {
  return bestEffort("disconnect all", `conversation-room/${conversationId}`, 0, async () => {
    const room = conversationRoom(env, conversationId);
    const closed = await room.disconnectAll();
    await room.removeMessages();
    return closed;
  });
}

/**
 * The conversation's messages are its room's (party/conversation-room.ts): the API's sends and changes go
 * there once the worker has checked the caller. Not best effort: the answer is the room's. The request
 * waits on the room, so each call counts in its Server-Timing (`stats`; none outside a request).
 */
export function sendInConversation(
  env: AppEnv,
  stats: QueryStats | undefined,
  conversationId: string,
  ...args: Parameters<ConversationRoom["send"]>
): Promise<SendResult> {
  countRoomCall(stats);
  return conversationRoom(env, conversationId).send(...args);
}

export function changeInConversation(
  env: AppEnv,
  stats: QueryStats | undefined,
  conversationId: string,
  ...args: Parameters<ConversationRoom["change"]>
): Promise<ChangeResult> {
  countRoomCall(stats);
  return conversationRoom(env, conversationId).change(...args);
}

export type { MessageChange, SendRefusal };

/**
 * Resolves, with the conversation's version, once D1 has every message change the room made: a reader
 * of messages in D1 asks, and reads again when it read an older version.
 */
export function conversationSettled(env: AppEnv, stats: QueryStats | undefined, conversationId: string): Promise<number> {
  countRoomCall(stats);
  return conversationRoom(env, conversationId).settled();
}

/** The group chats of a community that was archived (true) or unarchived: their sockets stop or resume sending. */
export async function setConversationsReadOnly(
  env: AppEnv,
  conversationIds: readonly string[],
  readOnly: boolean,
): Promise<void> {
  await Promise.all(
    conversationIds.map((id) =>
      bestEffort("read-only", `conversation-room/${id}`, undefined, () => conversationRoom(env, id).setReadOnly(readOnly)),
    ),
  );
}

/** Rooms whose messages D1 changed itself (an account purge) read them in again. */
export async function reloadConversations(env: AppEnv, conversationIds: readonly string[]): Promise<void> {
  for (let i = 0; i < conversationIds.length; i += ROOM_WAVE) {
    await Promise.all(
      conversationIds
        .slice(i, i + ROOM_WAVE)
        .map((id) => bestEffort("reload", `conversation-room/${id}`, undefined, () => conversationRoom(env, id).reload())),
    );
  }
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

/**
 * A community's access ended for some people (`userIds`), or for everyone but `keep` (`userIds` null:
 * the community was suspended). Their sockets close in its room and in `conversationIds` (its group
 * chats), and each named person's tabs are told, so a page of that community open on screen drops it.
 */
export type Revocation = {
  communityId: string;
  userIds: readonly string[] | null;
  keep: readonly string[];
  conversationIds: readonly string[];
};

/** Answers how many people's tabs were told. */
export async function revokeCommunityAccess(env: AppEnv, r: Revocation): Promise<number> {
  // Everyone's access (a suspension): the rooms answer whose sockets they closed, and only those people,
  // who have the community open, are told; the rest learn it at their next request (404).
  const close = (name: string, room: ReturnType<typeof communityRoom> | ReturnType<typeof conversationRoom>) =>
    bestEffort("revoke", name, [] as string[], async () => {
      if (r.userIds === null) return room.disconnectAllBut([...r.keep]);
      for (const userId of r.userIds) await room.disconnectUser(userId);
      return [...r.userIds];
    });
  const closed = await Promise.all([
    close(`community-room/${r.communityId}`, communityRoom(env, r.communityId)),
    ...r.conversationIds.map((id) => close(`conversation-room/${id}`, conversationRoom(env, id))),
  ]);
  const told = new Set(r.userIds ?? closed.flat());
  // After the sockets closed, so a tab that refetches on this hears 404 rather than a room still open.
  await Promise.all(
    [...told].map((userId) => publishToUser(env, userId, { type: "community.access-ended", communityId: r.communityId })),
  );
  return told.size;
}

/** Closes every tab's user-room socket (account deleted, all sessions revoked). */
export function disconnectUserRoom(env: AppEnv, userId: string): Promise<number> {
  return bestEffort("disconnect", `user-room/${userId}`, 0, () => userRoom(env, userId).disconnectUser(userId));
}
