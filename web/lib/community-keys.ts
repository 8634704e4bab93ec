import type { QueryClient } from "@tanstack/react-query";
import { communityKeys } from "../../common/query-keys";
import { meKeys } from "./session";

export { communityKeys };

/**
 * After a join (by the join button, an invitation or an invite link), an edit or an archive, everything
 * that shows the community re-reads it: the switcher (me/communities), explore cards and the detail page.
 */
export async function refreshCommunity(client: QueryClient, id: string): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: meKeys.communities() }),
    client.invalidateQueries({ queryKey: communityKeys.explore() }),
    client.invalidateQueries({ queryKey: communityKeys.detail(id) }),
  ]);
}
