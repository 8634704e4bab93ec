// Types `exports` from "cloudflare:workers" (used by tests and the rooms) with the main module.
declare namespace Cloudflare {
  interface GlobalProps {
    mainModule: typeof import("./index");
    durableNamespaces: "CommunityRoom" | "ConversationRoom" | "UserRoom";
  }
}
