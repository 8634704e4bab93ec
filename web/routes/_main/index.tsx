import { createFileRoute, redirect } from "@tanstack/react-router";
import { setCurrentCommunityId } from "../../features/communities/current-community";
import { HomePage } from "../../features/home/home-page";
import { optionalString } from "../../lib/search";

export const Route = createFileRoute("/_main/")({
  validateSearch: (search: Record<string, unknown>): { id?: string } => {
    const id = optionalString(search.id);
    return id ? { id } : {};
  },
  // Profile tiles link to /?id=<community>: select it, then drop the parameter from the address.
  beforeLoad: ({ search }) => {
    if (search.id) {
      setCurrentCommunityId(search.id);
      throw redirect({ to: "/", search: {}, replace: true });
    }
  },
  component: HomePage,
});
