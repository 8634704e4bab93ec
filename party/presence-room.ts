import type { Connection } from "partyserver";
import { PRESENCE_DIFF_LIMIT, PRESENCE_LIST_LIMIT, encodeMessage, type ServerMessageOf } from "../common/realtime-protocol";
import { RoomBase, type ConnectionInfo } from "./room-base";

export type Presence = { online: string[]; count: number };

/** How long joins and leaves gather before the room tells everyone (one frame per socket per flush). */
const DEFAULT_FLUSH_MS = 1000;
/** Up to this many people (a 1:1 chat) the room flushes at once. */
export const PRESENCE_SMALL_ROOM = 2;
/** Above this many people a flush names at most PRESENCE_DIFF_LIMIT of those who came and went. */
export const PRESENCE_LARGE_ROOM = 50;

/**
 * A room that tells everyone in it who else is there: a community (who is online) and a conversation
 * (who has the chat open). A user counts once however many tabs they have.
 *
 * A newcomer is sent the whole list at once. Everyone else hears who came and went in one
 * `presence.changed` per flush (about once a second), so a burst of K joins costs K frames per flush
 * rather than K² frames. A room of at most PRESENCE_SMALL_ROOM people (a 1:1 chat) flushes at once: it
 * is cheap, and "who has this chat open" should not lag by a second.
 *
 * A flush compares who is here now (read from the open sockets) with who was last announced, so a socket
 * that dies without a close event still leaves at the next flush, and bursts cancel out (came and went).
 * The last announced set is memory: after hibernation it is rebuilt from the sockets at the next change.
 *
 * `PRESENCE_FLUSH_MS` (a binding) sets the gathering time; "manual" flushes only through `flushPresence`
 * (the tests), so no test depends on timers.
 */
export abstract class PresenceRoom extends RoomBase {
  #announced: Set<string> | null = null;
  #flushTimer: ReturnType<typeof setTimeout> | null = null;
  /** Sockets whose close is being handled: they may still read as open. */
  #closing = new Set<string>();

  #flushDelay(): number | "manual" {
    const setting = (this.env as { PRESENCE_FLUSH_MS?: string }).PRESENCE_FLUSH_MS;
    if (setting === "manual") return "manual";
    const ms = Number(setting);
    return setting !== undefined && Number.isFinite(ms) && ms >= 0 ? ms : DEFAULT_FLUSH_MS;
  }

  /** Distinct users with at least one open socket, ignoring the sockets being closed. */
  #onlineUsers(): Set<string> {
    const users = new Set<string>();
    for (const { id, userId } of this.openSockets()) if (!this.#closing.has(id)) users.add(userId);
    return users;
  }

  protected override onJoin(connection: Connection<ConnectionInfo>, userId: string): void {
    const users = this.#onlineUsers();
    const online: string[] = [];
    for (const id of users) {
      if (online.length === PRESENCE_LIST_LIMIT) break;
      online.push(id);
    }
    const snapshot: ServerMessageOf<"presence"> = { type: "presence", online, count: users.size };
    this.sendTo(connection, snapshot);
    // What the others were last told: everyone here but the newcomer (unless another tab of theirs was here).
    if (!this.#announced) {
      this.#announced = new Set(users);
      if (![...this.openSockets(connection.id, userId)].some((s) => !this.#closing.has(s.id))) this.#announced.delete(userId);
    }
    this.#changed(users, connection.id);
  }

  protected override onLeave(connection: Connection<ConnectionInfo>, userId: string): void {
    this.#closing.add(connection.id);
    const users = this.#onlineUsers();
    if (!this.#announced) this.#announced = new Set([...users, userId]);
    this.#changed(users, connection.id);
  }

  /** Flushes now in a small room, else once the gathering time has passed. */
  #changed(users: Set<string>, connectionId: string): void {
    if (users.size <= PRESENCE_SMALL_ROOM && (this.#announced?.size ?? 0) <= PRESENCE_SMALL_ROOM) {
      // The socket that came already has the list in its snapshot (or is going).
      this.#flush(connectionId);
      return;
    }
    const delay = this.#flushDelay();
    if (delay === "manual" || this.#flushTimer) return;
    this.#flushTimer = setTimeout(() => this.flushPresence(), delay);
  }

  /** RPC: tells every socket who came and went since the last flush; answers how many sockets got the frame. */
  flushPresence(): number {
    return this.#flush();
  }

  #flush(exceptId?: string): number {
    if (this.#flushTimer) clearTimeout(this.#flushTimer);
    this.#flushTimer = null;
    const users = this.#onlineUsers();
    // Closed sockets no longer read as open: forget them.
    const open = new Set<string>();
    for (const { id } of this.openSockets()) open.add(id);
    for (const id of this.#closing) if (!open.has(id)) this.#closing.delete(id);

    const before = this.#announced ?? users;
    this.#announced = users;
    const joined = [...users].filter((id) => !before.has(id));
    const left = [...before].filter((id) => !users.has(id));
    if (joined.length === 0 && left.length === 0) return 0;
    // Past PRESENCE_LARGE_ROOM people the frame stays small: the count and the few a screen shows.
    const cap = Math.max(users.size, before.size) > PRESENCE_LARGE_ROOM ? PRESENCE_DIFF_LIMIT : PRESENCE_LIST_LIMIT;
    const partial = joined.length > cap || left.length > cap;
    const frame: ServerMessageOf<"presence.changed"> = {
      type: "presence.changed",
      joined: joined.slice(0, cap),
      left: left.slice(0, cap),
      count: users.size,
      ...(partial ? { partial: true } : {}),
    };
    const encoded = encodeMessage(frame);
    let sent = 0;
    for (const { id, socket } of this.openSockets(exceptId)) {
      if (this.#closing.has(id)) continue;
      try {
        socket.send(encoded);
        sent++;
      } catch {
        // Closed meanwhile.
      }
    }
    return sent;
  }

  /** RPC: every user here right now (not capped). */
  getPresence(): Presence {
    const users = this.#onlineUsers();
    return { online: [...users], count: users.size };
  }
}
