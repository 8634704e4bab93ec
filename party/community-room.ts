import type { Connection } from "partyserver";
import { PRESENCE_LIST_LIMIT, communityEventSchema, type CommunityEvent, type ServerMessageOf } from "../common/realtime-protocol";
import { RoomBase, type ConnectionInfo, type TypingMessage } from "./room-base";

export type Presence = { online: string[]; count: number };

/**
 * One per community (room name = community id). Members only (checked by the worker at the upgrade).
 * Carries new/edited/deleted posts, like and comment counters, comment typing and who is online.
 */
export class CommunityRoom extends RoomBase {
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
    // A second tab of someone already online changes nobody's list: only the newcomer needs it.
    if (this.#hasOtherConnections(userId, connection.id)) this.sendTo(connection, this.#presenceFrame());
    else this.fanOut(this.#presenceFrame());
  }

  protected override onLeave(connection: Connection<ConnectionInfo>, userId: string): void {
    if (this.#hasOtherConnections(userId, connection.id)) return;
    this.fanOut(this.#presenceFrame(connection.id), connection.id);
  }

  protected override onTyping(connection: Connection<ConnectionInfo>, userId: string, message: TypingMessage): void {
    if (!message.postId) {
      this.sendTo(connection, { type: "error", message: "Typing in a community needs the postId of the post." });
      return;
    }
    this.fanOut({ type: "typing", userId, postId: message.postId, active: message.active }, connection.id);
  }

  /** RPC for the worker (worker/lib/rooms.ts) after a D1 commit: sends to every member online. */
  publish(event: CommunityEvent): number {
    return this.fanOutEvent(communityEventSchema, event);
  }

  /** RPC: every user online here (not capped), for the feed sidebar and member lists. */
  getPresence(): Presence {
    const users = this.#onlineUsers();
    return { online: [...users], count: users.size };
  }
}
