import type { MemberSort } from "../../common/contract/enums";

/* A community's members lists: the members page lists them, and other features refresh them (a request approved). */

export type MembersFilter = { q: string; sort: MemberSort; online: boolean };

/** Every members cache of a community sits under ["members", communityId]: one prefix reaches them all. */
export const membersKeys = {
  community: (communityId: string) => ["members", communityId] as const,
  onlineLists: (communityId: string) => ["members", communityId, "online"] as const,
  list: (communityId: string, f: MembersFilter) =>
    ["members", communityId, f.online ? "online" : "all", { q: f.q, sort: f.sort }] as const,
};
