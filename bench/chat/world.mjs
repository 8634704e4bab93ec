// People with live sessions and the conversations they are in, written with SQL (no sign-up or scrypt
// per person), for the messaging runs.
import { randomBytes } from "node:crypto";
import { sessionCookie } from "../load/seed.mjs";

const id = (kind, n) => `000002${kind.toString(16).padStart(2, "0")}-0000-7000-8000-${n.toString(16).padStart(12, "0")}`;
const quote = (s) => (s === null ? "null" : `'${String(s).replaceAll("'", "''")}'`);
const DAY = 24 * 60 * 60 * 1000;

/** Rows in statements of at most 500, so no statement grows past SQLite's limits. */
const insertRows = (head, rows) => {
  const out = [];
  for (let i = 0; i < rows.length; i += 500) out.push(`${head} values\n${rows.slice(i, i + 500).join(",\n")};`);
  return out;
};

/**
 * `people` people (each with a session cookie signed with `secret`), one community they all belong to,
 * and `conversations`: `{ key, type: "group" | "direct", members: [person indexes] }`. Answers the people,
 * the conversation ids by key, and the SQL.
 */
export function chatWorld({ people: count, conversations, secret, now = Date.now() }) {
  const people = Array.from({ length: count }, (_, i) => {
    const token = randomBytes(24).toString("hex");
    return { id: id(1, i + 1), name: `Chat Person ${i + 1}`, token, cookie: sessionCookie(token, secret) };
  });
  const communityId = id(3, 1);
  const conversationIds = {};
  const sql = [
    ...insertRows(
      "insert into users (id, email, email_verified, full_name, created_at, updated_at)",
      people.map((p, i) => `(${quote(p.id)}, 'chat-person-${i + 1}@example.invalid', 1, ${quote(p.name)}, ${now}, ${now})`),
    ),
    ...insertRows(
      "insert into sessions (id, user_id, token, expires_at, created_at, updated_at)",
      people.map((p, i) => `(${quote(id(2, i + 1))}, ${quote(p.id)}, ${quote(p.token)}, ${now + 7 * DAY}, ${now}, ${now})`),
    ),
    `insert into communities (id, name, description, category_key, creator_id, review_status, archived, members_count, created_at, updated_at)
     values (${quote(communityId)}, 'Chat bench', 'Where the messaging runs talk', 'technology', ${quote(people[0].id)}, 'approved', 0, ${count}, ${now}, ${now});`,
    ...insertRows(
      "insert into community_members (community_id, profile_id, role, joined_at)",
      people.map((p, i) => `(${quote(communityId)}, ${quote(p.id)}, ${i === 0 ? "'admin'" : "'member'"}, ${now})`),
    ),
  ];
  conversations.forEach((c, n) => {
    const conversationId = id(4, n + 1);
    conversationIds[c.key] = conversationId;
    const members = c.members.map((i) => people[i].id);
    const direct = c.type === "direct";
    const directKey = direct ? [...members].sort().join(":") : null;
    sql.push(
      `insert into conversations (id, type, name, community_id, direct_key, member_count, version, created_by, created_at, updated_at)
       values (${quote(conversationId)}, ${quote(c.type)}, ${direct ? "null" : quote(`Bench ${c.key}`)}, ${direct ? "null" : quote(communityId)},
         ${quote(directKey)}, ${members.length}, 0, ${quote(members[0])}, ${now}, ${now});`,
      ...insertRows(
        "insert into conversation_participants (conversation_id, user_id, role, joined_at)",
        members.map((m, i) => `(${quote(conversationId)}, ${quote(m)}, ${i === 0 && !direct ? "'admin'" : "'member'"}, ${now})`),
      ),
    );
  });
  return { people, conversationIds, sql: sql.join("\n") };
}
