import type { QueryClient } from "@tanstack/react-query";
import { meKeys } from "./session";

/**
 * Query keys of the community screens (explore, detail, settings). They live in the core because more
 * than the communities feature edits them: a staff decision in the console re-reads every community
 * screen. Everything sits under ["communities"], so one prefix reaches all of them.
 */
export const communityKeys = {
  all: () => ["communities"] as const,
  explore: () => ["communities", "explore"] as const,
  exploreList: (query: Record<string, string | number | null | undefined>) => ["communities", "explore", query] as const,
  detail: (id: string) => ["communities", "detail", id] as const,
  topics: (id: string) => ["communities", "topics", id] as const,
  members: (id: string) => ["communities", "members", id] as const,
  memberList: (id: string, q: string, sort: string) => ["communities", "members", id, { q, sort }] as const,
  reports: (id: string) => ["communities", "reports", id] as const,
  invite: (token: string) => ["communities", "invite", token] as const,
};

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
