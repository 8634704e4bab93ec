import app from "./app";
import type { AppEnv } from "./env";

export { CommunityRoom } from "../party/community-room";
export { ConversationRoom } from "../party/conversation-room";
export { UserRoom } from "../party/user-room";

export default {
  fetch: app.fetch,
  async scheduled(_controller, _env, _ctx) {},
} satisfies ExportedHandler<AppEnv>;
