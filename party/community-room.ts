import type { Connection } from "partyserver";
import { communityEventSchema, type CommunityEvent } from "../common/realtime-protocol";
import { PresenceRoom } from "./presence-room";
import type { ConnectionInfo, TypingMessage } from "./room-base";

export type { Presence } from "./presence-room";

/**
 * One per community (room name = community id). Members only (checked by the worker at the upgrade).
 * Carries new/edited/deleted posts, like and comment counters, comment typing and who is online.
 */
export class CommunityRoom extends PresenceRoom {
  protected override onTyping(connection: Connection<ConnectionInfo>, userId: string, message: TypingMessage): void {
    if (!message.postId) {
      this.sendTo(connection, { type: "error", message: "Typing in a community needs the postId of the post." });
      return;
    }
    this.fanOut({ type: "typing", userId, postId: message.postId, active: message.active }, connection.id);
  }

  /** RPC for the worker (worker/lib/rooms.ts) after a D1 commit: sends to every member online. */
  publish(events: readonly CommunityEvent[]): number {
    return events.reduce((sent, event) => sent + this.fanOutEvent(communityEventSchema, event), 0);
  }
}
