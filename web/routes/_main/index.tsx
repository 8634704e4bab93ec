import { createFileRoute, redirect } from "@tanstack/react-router";
import { setCurrentCommunityId } from "../../lib/current-community";
import { HomePage } from "../../app/home-page";
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
  component: HomePage,
});
