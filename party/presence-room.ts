import type { Connection } from "partyserver";
import { PRESENCE_LIST_LIMIT, type ServerMessageOf } from "../common/realtime-protocol";
import { RoomBase, type ConnectionInfo } from "./room-base";

export type Presence = { online: string[]; count: number };

/**
 * A room that tells everyone in it who else is there: a community (who is online) and a conversation
 * (who has the chat open). A user counts once however many tabs they have.
 *
 * A newcomer is sent the whole list once; everyone else only hears who came or went
 * (`presence.changed`), so a room of K people costs K small frames a join, not K lists of K.
 */
export abstract class PresenceRoom extends RoomBase {
  /**
   * Each online user's open connection ids. Kept as sockets come and go; null after hibernation (memory
   * is lost, sockets are not) until something needs it, then rebuilt from the open sockets.
   */
  #online: Map<string, Set<string>> | null = null;

  /** `joining`: a socket already open but not yet counted, left out of a rebuild so its join is news. */
  #users(joining?: string): Map<string, Set<string>> {
    if (!this.#online) {
      const online = new Map<string, Set<string>>();
      for (const { id, userId } of this.openSockets(joining)) {
        const ids = online.get(userId) ?? new Set<string>();
        ids.add(id);
        online.set(userId, ids);
      }
      this.#online = online;
    }
    return this.#online;
  }

  #snapshot(): ServerMessageOf<"presence"> {
    const users = this.#users();
    const online: string[] = [];
    for (const userId of users.keys()) {
      if (online.length === PRESENCE_LIST_LIMIT) break;
      online.push(userId);
    }
    return { type: "presence", online, count: users.size };
  }

  protected override onJoin(connection: Connection<ConnectionInfo>, userId: string): void {
    const users = this.#users(connection.id);
    const ids = users.get(userId) ?? new Set<string>();
    const arrived = ids.size === 0;
    ids.add(connection.id);
    users.set(userId, ids);
    this.sendTo(connection, this.#snapshot());
    // A second tab of someone already here changes nobody's list.
    if (arrived) this.fanOut({ type: "presence.changed", userId, online: true, count: users.size }, connection.id);
  }

  protected override onLeave(connection: Connection<ConnectionInfo>, userId: string): void {
    const known = this.#online !== null;
    const users = this.#users();
    const ids = users.get(userId);
    if (ids) {
      ids.delete(connection.id);
      if (ids.size > 0) return;
      users.delete(userId);
    } else if (known) {
      // Already gone (a server-side close is followed by no close event, or by one more): told before.
      return;
    }
    // Rebuilt without them after hibernation: they may have been told already, and telling twice is harmless.
    this.fanOut({ type: "presence.changed", userId, online: false, count: users.size }, connection.id);
  }

  /** RPC: every user here right now (not capped). */
  getPresence(): Presence {
    const users = this.#users();
    return { online: [...users.keys()], count: users.size };
  }
}
