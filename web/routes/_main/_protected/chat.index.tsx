import { createFileRoute, redirect } from "@tanstack/react-router";

/** /chat on its own is the list of chats, which lives at /messages. */
export const Route = createFileRoute("/_main/_protected/chat/")({
  beforeLoad: () => {
    throw redirect({ to: "/messages", replace: true });
  },
});
