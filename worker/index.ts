import app from "./app";
import type { AppEnv } from "./env";
import { scheduled } from "./scheduled";

export { CommunityRoom } from "../party/community-room";
export { ConversationRoom } from "../party/conversation-room";
export { UserRoom } from "../party/user-room";

export default {
  fetch: app.fetch,
  scheduled,
} satisfies ExportedHandler<AppEnv>;
