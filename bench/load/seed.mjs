// The world the members start in, written with SQL: members with live sessions (so no sign-up or
// scrypt per member), communities owned by some of them, two topics each, and starting memberships.
// No content and no points: everything the checks count is made through the API during the run.
import { createHmac, randomBytes } from "node:crypto";

const id = (kind, n) => `000001${kind.toString(16).padStart(2, "0")}-0000-7000-8000-${n.toString(16).padStart(12, "0")}`;
const quote = (s) => `'${String(s).replaceAll("'", "''")}'`;

/** better-auth's signed session cookie: `token.base64(hmac-sha256(secret, token))`, URL-encoded. */
export const sessionCookie = (token, secret) =>
  `agora.session_token=${encodeURIComponent(`${token}.${createHmac("sha256", secret).update(token).digest("base64")}`)}`;

/**
 * `members` people; the first `communities` of them each own a community. Everyone starts in the
 * community they own (if any) and in two others, and joins more during the run.
 */
export function buildWorld({ members, communities, secret, now = Date.now() }) {
  const people = Array.from({ length: members }, (_, i) => ({
    index: i,
    id: id(1, i + 1),
    name: `Load Member ${String(i + 1).padStart(2, "0")}`,
    email: `load-member-${i + 1}@example.invalid`,
    token: randomBytes(24).toString("hex"),
  }));
  for (const p of people) p.cookie = sessionCookie(p.token, secret);
  const groups = Array.from({ length: communities }, (_, i) => ({
    id: id(3, i + 1),
    name: `Load community ${i + 1}`,
    ownerId: people[i % members].id,
    topicIds: [id(4, 2 * i + 1), id(4, 2 * i + 2)],
  }));
  const memberships = new Set();
  for (const g of groups) memberships.add(`${g.id}:${g.ownerId}`);
  for (const p of people) {
    for (let k = 1; k <= 2; k++) memberships.add(`${groups[(p.index + k * 3) % communities].id}:${p.id}`);
  }

  const day = 24 * 60 * 60 * 1000;
  const sql = [
    `insert into users (id, email, email_verified, full_name, created_at, updated_at) values
     ${people.map((p) => `(${quote(p.id)}, ${quote(p.email)}, 1, ${quote(p.name)}, ${now}, ${now})`).join(",\n     ")};`,
    `insert into sessions (id, user_id, token, expires_at, created_at, updated_at) values
     ${people.map((p, i) => `(${quote(id(2, i + 1))}, ${quote(p.id)}, ${quote(p.token)}, ${now + 7 * day}, ${now}, ${now})`).join(",\n     ")};`,
    `insert into communities (id, name, description, category_key, creator_id, review_status, archived, created_at, updated_at) values
     ${groups.map((g) => `(${quote(g.id)}, ${quote(g.name)}, 'Where the load test members meet', 'technology', ${quote(g.ownerId)}, 'approved', 0, ${now}, ${now})`).join(",\n     ")};`,
    `insert into community_topics (id, community_id, name, color, created_at) values
     ${groups.flatMap((g) => g.topicIds.map((t, k) => `(${quote(t)}, ${quote(g.id)}, ${quote(k ? "Questions" : "Wins")}, '#16A34A', ${now})`)).join(",\n     ")};`,
    `insert into community_members (community_id, profile_id, role, joined_at) values
     ${[...memberships]
       .map((m) => {
         const [communityId, userId] = [m.slice(0, 36), m.slice(37)];
         const owner = groups.some((g) => g.id === communityId && g.ownerId === userId);
         return `(${quote(communityId)}, ${quote(userId)}, ${owner ? "'admin'" : "'member'"}, ${now})`;
       })
       .join(",\n     ")};`,
    `update communities set members_count = (select count(*) from community_members m where m.community_id = communities.id);`,
  ].join("\n");
  return { people, groups, memberships, sql };
}
