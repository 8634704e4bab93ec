import type { Connection } from "partyserver";
import { conversationEventSchema, type ConversationEvent } from "../common/realtime-protocol";
import { RoomBase, type ConnectionInfo, type TypingMessage } from "./room-base";

/**
 * One per conversation (room name = conversation id). Participants only (checked by the worker at the
 * upgrade). Carries messages, edits, deletes, reactions, read receipts and typing.
 */
export class ConversationRoom extends RoomBase {
  protected override onTyping(connection: Connection<ConnectionInfo>, userId: string, message: TypingMessage): void {
    this.fanOut({ type: "typing", userId, conversationId: this.name, active: message.active }, connection.id);
  }

  /** RPC for the worker (worker/lib/rooms.ts) after a D1 commit: sends to every participant online. */
  publish(event: ConversationEvent): number {
    return this.fanOutEvent(conversationEventSchema, event);
  }
}
