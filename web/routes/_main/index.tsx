import { createFileRoute, redirect } from "@tanstack/react-router";
import { setCurrentCommunityId } from "../../lib/current-community";
import { HomePage } from "../../app/home-page";
import { meKeys } from "../../lib/session";
import { optionalString } from "../../lib/search";

export type HomeSearch = { id?: string; topic?: string };

export const Route = createFileRoute("/_main/")({
  validateSearch: (search: Record<string, unknown>): HomeSearch => {
    const id = optionalString(search.id);
    const topic = optionalString(search.topic);
    return { ...(id ? { id } : {}), ...(topic ? { topic } : {}) };
  },
  // Profile tiles link to /?id=<community>: select it, then drop the parameter from the address.
  beforeLoad: ({ search }) => {
    if (search.id) {
      setCurrentCommunityId(search.id);
      throw redirect({ to: "/", search: search.topic ? { topic: search.topic } : {}, replace: true });
    }
  },
  // A signed-in reader's page is their feed: its code is there before the page renders (app/home-feed.ts).
  // Imported here only when needed, so the first route does not carry it.
  loader: ({ context }) =>
    context.queryClient.getQueryData(meKeys.session())
      ? import("../../app/home-feed").then((m) => m.FeedView.preload())
      : undefined,
  component: HomePage,
});
