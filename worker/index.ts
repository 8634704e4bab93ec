import app from "./app";
import type { AppEnv } from "./env";
import { d1MessageMirror } from "./lib/message-mirror";
import { scheduled } from "./scheduled";
import { ConversationRoomBase } from "../party/conversation-room";

export { CommunityRoom } from "../party/community-room";
export { UserRoom } from "../party/user-room";

/** The conversation room with D1 behind it: the room keeps the messages, D1 what lists read (party/conversation-room.ts). */
export class ConversationRoom extends ConversationRoomBase {
  protected override messageMirror() {
    return d1MessageMirror(this.env as unknown as AppEnv);
  }
}

export default {
  fetch: app.fetch,
  scheduled,
} satisfies ExportedHandler<AppEnv>;
