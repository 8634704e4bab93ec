import type { Connection } from "partyserver";
import { PRESENCE_LIST_LIMIT, type ServerMessageOf } from "../common/realtime-protocol";
import { RoomBase, type ConnectionInfo } from "./room-base";

export type Presence = { online: string[]; count: number };

/**
 * A room that tells everyone in it who else is there: a community (who is online) and a conversation
 * (who has the chat open). A user counts once however many tabs they have.
 */
export abstract class PresenceRoom extends RoomBase {
  /** Distinct users with at least one open socket, ignoring `exceptId` (a socket that is closing). */
  #onlineUsers(exceptId?: string): Set<string> {
    const users = new Set<string>();
    for (const connection of this.openConnections(undefined, exceptId)) users.add(connection.state!.userId);
    return users;
  }

  #presenceFrame(exceptId?: string): ServerMessageOf<"presence"> {
    const users = this.#onlineUsers(exceptId);
    return { type: "presence", online: [...users].slice(0, PRESENCE_LIST_LIMIT), count: users.size };
  }

  #hasOtherConnections(userId: string, exceptId: string): boolean {
    return !this.openConnections(userId, exceptId).next().done;
  }

  protected override onJoin(connection: Connection<ConnectionInfo>, userId: string): void {
    // A second tab of someone already here changes nobody's list: only the newcomer needs it.
    if (this.#hasOtherConnections(userId, connection.id)) this.sendTo(connection, this.#presenceFrame());
    else this.fanOut(this.#presenceFrame());
  }

  protected override onLeave(connection: Connection<ConnectionInfo>, userId: string): void {
    if (this.#hasOtherConnections(userId, connection.id)) return;
    this.fanOut(this.#presenceFrame(connection.id), connection.id);
  }

  /** RPC: every user here right now (not capped). */
  getPresence(): Presence {
    const users = this.#onlineUsers();
    return { online: [...users], count: users.size };
  }
}
