import type { Connection } from "partyserver";
import { PRESENCE_LIST_LIMIT, type ServerMessageOf } from "../common/realtime-protocol";
import { RoomBase, type ConnectionInfo } from "./room-base";

export type Presence = { online: string[]; count: number };

/**
 * A room that tells everyone in it who else is there: a community (who is online) and a conversation
 * (who has the chat open). A user counts once however many tabs they have.
 *
 * A newcomer is sent the whole list once; everyone else only hears who came or went
 * (`presence.changed`), so a join costs the room one small frame per socket, not the list to everyone.
 * Who is here is always read from the open sockets (their identities are cached by RoomBase), never
 * kept apart: a socket that dies without a close event cannot leave someone online for good.
 */
export abstract class PresenceRoom extends RoomBase {
  /** Distinct users with at least one open socket, ignoring `exceptId` (a socket that is closing). */
  #onlineUsers(exceptId?: string): Set<string> {
    const users = new Set<string>();
    for (const { userId } of this.openSockets(exceptId)) users.add(userId);
    return users;
  }

  #hasOtherSockets(userId: string, exceptId: string): boolean {
    return !this.openSockets(exceptId, userId).next().done;
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
    // A second tab of someone already here changes nobody's list.
    if (this.#hasOtherSockets(userId, connection.id)) return;
    this.fanOut({ type: "presence.changed", userId, online: true, count: users.size }, connection.id);
  }

  protected override onLeave(connection: Connection<ConnectionInfo>, userId: string): void {
    if (this.#hasOtherSockets(userId, connection.id)) return;
    const count = this.#onlineUsers(connection.id).size;
    this.fanOut({ type: "presence.changed", userId, online: false, count }, connection.id);
  }

  /** RPC: every user here right now (not capped). */
  getPresence(): Presence {
    const users = this.#onlineUsers();
    return { online: [...users], count: users.size };
  }
}
