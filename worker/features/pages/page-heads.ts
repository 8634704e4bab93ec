import type { ResponseOf } from "../../../common/contract";
import type { PageHead } from "../../lib/page-document";

type Community = ResponseOf<"GET /api/communities/:id">["community"];

/** Search results show about this many characters of a description. */
const DESCRIPTION_MAX = 160;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= DESCRIPTION_MAX ? flat : `${flat.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}

/** Uploaded images are stored under /files/ on our origin; link cards need the full address. */
const absolute = (origin: string, url: string | undefined) => (url ? new URL(url, origin).toString() : null);

export const exploreHead = (origin: string): PageHead => ({
  title: "Explore Communities · Agora",
  description: "Find people who share your interests, learn together and grow: free and paid communities on Agora.",
  canonical: `${origin}/communities/explore`,
});

export const communityHead = (origin: string, community: Community): PageHead => ({
  title: `${community.name} · Agora`,
  description: clip(community.description) || `${community.name} on Agora.`,
  canonical: `${origin}/communities/${encodeURIComponent(community.id)}`,
  image: absolute(origin, community.imageUrls[0]),
});

/**
 * A post's link card shows its community: what members write stays with the members, and the
 * community's name, description and image are already public.
 */
export const postHead = (origin: string, postId: string, community: Community): PageHead => ({
  ...communityHead(origin, community),
  title: `A post in ${community.name} · Agora`,
  canonical: `${origin}/post/${encodeURIComponent(postId)}`,
  type: "article",
});
