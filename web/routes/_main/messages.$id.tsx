import { createFileRoute, redirect } from "@tanstack/react-router";

/** Older links point at /messages/<id>; the conversation lives at /chat/<id>. */
export const Route = createFileRoute("/_main/messages/$id")({
  beforeLoad: ({ params }) => {
    throw redirect({ to: "/chat/$id", params: { id: params.id }, replace: true });
  },
});
