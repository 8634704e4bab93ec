import type { Connection } from "partyserver";
import { conversationEventSchema, type ConversationEvent } from "../common/realtime-protocol";
import { PresenceRoom } from "./presence-room";
import type { ConnectionInfo, TypingMessage } from "./room-base";

/**
 * One per conversation (room name = conversation id). Participants only (checked by the worker at the
 * upgrade; the worker closes a participant's sockets when they leave, are removed or blocked). Carries
 * messages and their changes, read receipts, typing, and who has the chat open (presence), which the
 * worker also asks to decide who gets a MESSAGE notification.
 */
export class ConversationRoom extends PresenceRoom {
  protected override onTyping(connection: Connection<ConnectionInfo>, userId: string, message: TypingMessage): void {
    const hidden = connection.state?.hidden;
    this.fanOut(
      { type: "typing", userId, conversationId: this.name, active: message.active },
      connection.id,
      hidden ? new Set(hidden) : undefined,
    );
  }

  /**
   * RPC for the worker when a block between two participants of a group starts or ends: their sockets
   * stop (or start) relaying typing to each other. Sockets opened later get it from the upgrade.
   */
  setHidden(a: string, b: string, hidden: boolean): void {
    for (const [userId, other] of [
      [a, b],
      [b, a],
    ] as const) {
      for (const connection of this.openConnections(userId)) {
        const state = connection.state!;
        const rest = (state.hidden ?? []).filter((id) => id !== other);
        connection.setState({ ...state, hidden: hidden ? [...rest, other] : rest });
      }
    }
  }

  /**
   * RPC for the worker (worker/lib/rooms.ts) after a D1 commit: sends to every participant online but
   * `hiddenFrom` (people who blocked the sender, or whom the sender blocked, in a group).
   */
  publish(events: readonly ConversationEvent[], hiddenFrom: readonly string[] = []): number {
    const skip = hiddenFrom.length ? new Set(hiddenFrom) : undefined;
    return events.reduce((sent, event) => sent + this.fanOutEvent(conversationEventSchema, event, skip), 0);
  }
}
