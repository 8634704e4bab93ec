import type { z } from "zod";
import { Server, type Connection, type ConnectionContext, type WSMessage } from "partyserver";
import { log } from "../common/log";
import {
  HEARTBEAT_PING,
  HEARTBEAT_PONG,
  encodeMessage,
  parseClientMessage,
  type ClientMessage,
  type ServerMessage,
} from "../common/realtime-protocol";

/** The only identity a room trusts: set by worker/lib/realtime.ts at the upgrade, after stripping the client's. */
export const USER_ID_HEADER = "x-agora-user-id";
/** Set by the worker beside the identity: the people in the room a block stands between (comma separated). */
export const HIDDEN_USERS_HEADER = "x-agora-hidden-users";
/** The session the socket was let in with, so that signing that session out can close it. */
export const SESSION_ID_HEADER = "x-agora-session-id";
/**
 * When the access the socket was let in with ends by itself (a paid period, ms): the room closes it then,
 * with `CloseCode.expired`, and the client's reconnect asks the worker again (a renewal lets it back in).
 */
export const ACCESS_UNTIL_HEADER = "x-agora-access-until";
/** The user's name and avatar as messages sent through the socket show them (URI-encoded: names are not Latin-1). */
export const USER_NAME_HEADER = "x-agora-user-name";
export const USER_AVATAR_HEADER = "x-agora-user-avatar";
/** "1" when the room's conversation takes no new messages (a group of an archived community), "0" otherwise. */
export const READ_ONLY_HEADER = "x-agora-read-only";

/**
 * `hidden`: the people in this room who must not see this socket's typing (blocks, either way);
 * `until`: when the access it was let in with ends by itself.
 */
export type ConnectionInfo = {
  userId: string;
  connectedAt: number;
  hidden?: string[];
  until?: number;
  /** How the user is shown (a conversation's socket sends messages in their name). */
  name?: string;
  avatar?: string | null;
};

/** WebSocket close codes (4000-4999 are the application's). */
export const CloseCode = {
  policy: 1008,
  /** The user lost access (left, removed, blocked, deleted): the client should not retry blindly. */
  revoked: 4003,
  /** The access the socket was let in with ran out by time: reconnecting asks whether it was renewed. */
  expired: 4001,
  /** The person opened more sockets in this room than anyone needs: the oldest goes, and stays closed. */
  crowded: 4008,
} as const;

/**
 * Sockets one person may hold in one room: a tab holds one, and nobody reads a dozen tabs at once. Past
 * it the oldest closes (4008, which the client does not retry), so a new tab always works and a script
 * cannot pile up sockets that every broadcast must reach.
 */
export const MAX_SOCKETS_PER_PERSON = 12;

export type TypingMessage = Extract<ClientMessage, { type: "typing" }>;
export type SendMessage = Extract<ClientMessage, { type: "message.send" }>;

const decodedHeader = (value: string | null): string | null => {
  if (value === null) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
};

const USER_TAG_PREFIX = "user:";
const userTag = (userId: string) => `${USER_TAG_PREFIX}${userId}`;
const sessionTag = (sessionId: string) => `session:${sessionId}`;

/** Who a socket is, from the tags it was accepted with (partyserver puts the connection id first). */
export type SocketIdentity = { id: string; userId: string };

/** Ignores a client's typing frames that come faster than this (per connection and typing state). */
const TYPING_MIN_INTERVAL_MS = 1000;

/**
 * What the three rooms share: hibernation, identity from the worker's header, ping/pong, error frames
 * for bad input, publishing and revoking. Subclasses add presence (community) and typing.
 */
export abstract class RoomBase extends Server<Env> {
  static override options = { hibernate: true };

  /** Lost on hibernation on purpose: it only damps typing floods. */
  #lastTyping = new Map<string, number>();

  /**
   * Each socket's identity, read from its tags once. partyserver's connection iterator deserialises
   * every socket's attachment on every pass, which a broadcast to a thousand sockets paid a thousand
   * times per frame; this memory is rebuilt lazily after hibernation (the sockets and tags survive).
   */
  #identities = new WeakMap<WebSocket, SocketIdentity | null>();

  /** Sockets this room closed itself and already told the others about: their close event is not news. */
  #departed = new Set<string>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Heartbeats are answered by the runtime itself, so a room full of idle tabs stays hibernated.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(HEARTBEAT_PING, HEARTBEAT_PONG));
  }

  /** Whether the user named by the worker may be in this room (a second check; the worker already checked). */
  protected acceptsUser(_userId: string): boolean {
    return true;
  }

  protected onJoin(_connection: Connection<ConnectionInfo>, _userId: string): void | Promise<void> {}
  protected onLeave(_connection: Connection<ConnectionInfo>, _userId: string): void | Promise<void> {}
  protected onTyping(connection: Connection<ConnectionInfo>, _userId: string, _message: TypingMessage): void {
    this.sendTo(connection, { type: "error", message: "Typing is not supported in this room." });
  }
  protected onSend(connection: Connection<ConnectionInfo>, _userId: string, _message: SendMessage): void | Promise<void> {
    this.sendTo(connection, { type: "error", message: "Messages are not sent in this room." });
  }

  override getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    const userId = ctx.request.headers.get(USER_ID_HEADER);
    const sessionId = ctx.request.headers.get(SESSION_ID_HEADER);
    return userId ? [userTag(userId), ...(sessionId ? [sessionTag(sessionId)] : [])] : [];
  }

  override async onConnect(connection: Connection<ConnectionInfo>, ctx: ConnectionContext): Promise<void> {
    const userId = ctx.request.headers.get(USER_ID_HEADER);
    if (!userId || !this.acceptsUser(userId)) {
      this.sendTo(connection, { type: "error", message: "Not allowed in this room." });
      connection.close(CloseCode.policy, "Not allowed");
      return;
    }
    const hidden = ctx.request.headers.get(HIDDEN_USERS_HEADER)?.split(",").filter(Boolean);
    const until = Number(ctx.request.headers.get(ACCESS_UNTIL_HEADER)) || undefined;
    const name = decodedHeader(ctx.request.headers.get(USER_NAME_HEADER));
    const avatar = decodedHeader(ctx.request.headers.get(USER_AVATAR_HEADER));
    connection.setState({
      userId,
      connectedAt: Date.now(),
      ...(hidden?.length ? { hidden } : {}),
      ...(until ? { until } : {}),
      ...(name !== null ? { name, avatar } : {}),
    });
    await this.onAdmitted(ctx.request.headers);
    this.sendTo(connection, { type: "welcome", connectionId: connection.id, userId });
    const older = [...this.openConnections(userId, connection.id)].sort((a, b) => a.state!.connectedAt - b.state!.connectedAt);
    const excess = older.length + 1 - MAX_SOCKETS_PER_PERSON;
    if (excess > 0) await this.#revoke(older.slice(0, excess), "Too many connections", CloseCode.crowded);
    await this.onJoin(connection, userId);
    if (until) await this.#expireAt(until);
  }

  /** Wakes the room when the earliest access of its sockets runs out (one alarm per room: the earliest). */
  async #expireAt(until: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || until < current) await this.ctx.storage.setAlarm(until);
  }

  /** Closes the sockets whose access ran out, then sets the alarm for the next to run out. */
  override async onAlarm(): Promise<void> {
    const now = Date.now();
    const expired: Connection<ConnectionInfo>[] = [];
    let next: number | null = null;
    for (const connection of this.openConnections()) {
      const until = connection.state?.until;
      if (until === undefined) continue;
      if (until <= now) expired.push(connection);
      else next = next === null ? until : Math.min(next, until);
    }
    await this.#revoke(expired, "Access ended", CloseCode.expired);
    if (next !== null) await this.ctx.storage.setAlarm(next);
  }

  /** What a room reads from the worker's headers at each upgrade, besides the socket's own facts. */
  protected onAdmitted(_headers: Headers): void | Promise<void> {}

  override onMessage(connection: Connection<ConnectionInfo>, raw: WSMessage): void | Promise<void> {
    const userId = connection.state?.userId;
    if (!userId) return;
    const parsed = parseClientMessage(raw);
    if (!parsed.ok) {
      this.sendTo(connection, { type: "error", message: parsed.error });
      return;
    }
    const message = parsed.message;
    switch (message.type) {
      case "ping":
        this.sendTo(connection, message.id === undefined ? { type: "pong" } : { type: "pong", id: message.id });
        return;
      case "typing": {
        // Keyed per connection and state only, so the map stays bounded whatever post ids a client sends.
        const key = `${connection.id}:${message.active}`;
        const now = Date.now();
        if (now - (this.#lastTyping.get(key) ?? 0) < TYPING_MIN_INTERVAL_MS) return;
        this.#lastTyping.set(key, now);
        this.onTyping(connection, userId, message);
        return;
      }
      case "message.send":
        return this.onSend(connection, userId, message);
    }
  }

  override async onClose(connection: Connection<ConnectionInfo>): Promise<void> {
    for (const key of this.#lastTyping.keys()) {
      if (key.startsWith(`${connection.id}:`)) this.#lastTyping.delete(key);
    }
    if (this.#departed.delete(connection.id)) return;
    const userId = connection.state?.userId;
    if (userId) await this.onLeave(connection, userId);
  }

  override onError(connection: Connection<ConnectionInfo>, error: unknown): void {
    log("warn", "room socket error", { room: this.name, connection: connection.id, error: String(error) });
  }

  /** Rooms are reached only by WebSocket upgrades (the worker refuses the rest before they get here). */
  override onRequest(): Response {
    return new Response(null, { status: 404 });
  }

  protected sendTo(connection: Connection, message: ServerMessage): void {
    try {
      connection.send(encodeMessage(message));
    } catch {
      // The socket closed between iteration and send; its close handler cleans up.
    }
  }

  /** Open connections, optionally only one user's, skipping `exceptId` (a socket that is closing). */
  protected *openConnections(userId?: string, exceptId?: string): Generator<Connection<ConnectionInfo>> {
    for (const connection of this.getConnections<ConnectionInfo>(userId ? userTag(userId) : undefined)) {
      if (connection.id !== exceptId && connection.state?.userId) yield connection;
    }
  }

  #identity(socket: WebSocket): SocketIdentity | null {
    let identity = this.#identities.get(socket);
    if (identity === undefined) {
      const tags = this.ctx.getTags(socket);
      const user = tags.find((tag) => tag.startsWith(USER_TAG_PREFIX));
      identity = tags[0] && user ? { id: tags[0], userId: user.slice(USER_TAG_PREFIX.length) } : null;
      this.#identities.set(socket, identity);
    }
    return identity;
  }

  /**
   * Open sockets with their identity (optionally one user's), skipping `exceptId`: the cheap walk for
   * broadcasts and counts.
   * A socket refused in `onConnect` is closed before anything else runs, so it is never open here.
   */
  protected *openSockets(exceptId?: string, userId?: string): Generator<SocketIdentity & { socket: WebSocket }> {
    for (const socket of this.ctx.getWebSockets(userId ? userTag(userId) : undefined)) {
      if (socket.readyState !== WebSocket.READY_STATE_OPEN) continue;
      const identity = this.#identity(socket);
      if (identity && identity.id !== exceptId) yield { socket, ...identity };
    }
  }

  /**
   * Sends one frame (encoded once) to every open connection, except `exceptId` and the sockets of
   * `skipUsers`; returns how many got it. `present` collects who has a socket open (one walk of the sockets).
   */
  protected fanOut(message: ServerMessage, exceptId?: string, skipUsers?: ReadonlySet<string>, present?: Set<string>): number {
    const frame = encodeMessage(message);
    let delivered = 0;
    for (const { socket, userId } of this.openSockets(exceptId)) {
      present?.add(userId);
      if (skipUsers?.has(userId)) continue;
      try {
        socket.send(frame);
        delivered++;
      } catch {
        // Closed meanwhile.
      }
    }
    return delivered;
  }

  /**
   * Checks a worker-published event against this room's schema before anyone sees it. A bad event is a
   * bug in the caller: logged and dropped (0 deliveries) rather than thrown across the RPC boundary.
   */
  protected fanOutEvent<E extends ServerMessage>(schema: z.ZodType<E>, event: E, skipUsers?: ReadonlySet<string>): number {
    const parsed = schema.safeParse(event);
    if (!parsed.success) {
      log("error", "refused to publish an invalid event", {
        room: this.name,
        type: (event as { type?: unknown }).type,
        issues: parsed.error.issues.slice(0, 3),
      });
      return 0;
    }
    return this.fanOut(parsed.data, undefined, skipUsers);
  }

  /** Closes every socket of a user (membership ended, blocked, account deleted); returns how many. */
  disconnectUser(userId: string, reason = "Access revoked"): Promise<number> {
    return this.#revoke(this.openConnections(userId), reason);
  }

  /** Closes the sockets let in with these sessions (signed out, password changed); returns how many. */
  async disconnectSessions(sessionIds: readonly string[], reason = "Signed out"): Promise<number> {
    let closed = 0;
    for (const sessionId of new Set(sessionIds)) {
      closed += await this.#revoke(this.getConnections<ConnectionInfo>(sessionTag(sessionId)), reason);
    }
    return closed;
  }

  async #revoke(
    connections: Iterable<Connection<ConnectionInfo>>,
    reason: string,
    code: number = CloseCode.revoked,
  ): Promise<number> {
    const leaving: Connection<ConnectionInfo>[] = [];
    for (const connection of connections) {
      if (!connection.state?.userId || this.#departed.has(connection.id)) continue;
      leaving.push(connection);
      this.#departed.add(connection.id);
      // First a frame the client acts on at once (see closingSchema), then the close itself.
      this.sendTo(connection, { type: "closing", code, reason });
      try {
        connection.close(code, reason);
      } catch {
        // Already closing.
      }
    }
    // The room tells the others now; the close event that may follow is skipped (`#departed`).
    for (const connection of leaving) await this.onLeave(connection, connection.state!.userId);
    return leaving.length;
  }

  /** Closes every socket (the room's subject is gone: a removed group chat); returns how many. */
  async disconnectAll(reason = "Removed"): Promise<number> {
    const users = new Set<string>();
    for (const { userId } of this.openSockets()) users.add(userId);
    let closed = 0;
    for (const userId of users) closed += await this.disconnectUser(userId, reason);
    return closed;
  }

  /**
   * Closes everyone's sockets but `keep`'s (the community was suspended: its owner stays); answers whose
   * were closed (their tabs are told by the caller).
   */
  async disconnectAllBut(keep: readonly string[], reason = "Access revoked"): Promise<string[]> {
    const kept = new Set(keep);
    const users = new Set<string>();
    for (const { userId } of this.openSockets()) if (!kept.has(userId)) users.add(userId);
    for (const userId of users) await this.disconnectUser(userId, reason);
    return [...users];
  }

  /** How many sockets are open (all users). */
  connectionCount(): number {
    let count = 0;
    for (const _ of this.openSockets()) count++;
    return count;
  }
}
