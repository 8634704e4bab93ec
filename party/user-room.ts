import { userEventSchema, type UserEvent } from "../common/realtime-protocol";
import { RoomBase } from "./room-base";

/**
 * One per user (room name = user id), so every tab of that user gets the same frames: notifications,
 * unread counts and conversation-list bumps. Only its own user may connect.
 */
export class UserRoom extends RoomBase {
  protected override acceptsUser(userId: string): boolean {
    return userId === this.name;
  }

  /** RPC for the worker (worker/lib/rooms.ts): sends to every open tab of this user. */
  publish(events: readonly UserEvent[]): number {
    return events.reduce((sent, event) => sent + this.fanOutEvent(userEventSchema, event), 0);
  }
}
