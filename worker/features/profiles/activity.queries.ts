import { sql, type SQL } from "drizzle-orm";
import { ACTIVITY_TEXT_MAX } from "../../../common/contract/limits";
import type { ActivityItem } from "../../../common/contract/profiles";
import { pointValues } from "../../../common/points";
import type { Db } from "../../lib/db";
import { decodeJsonCursor, encodeJsonCursor } from "../../lib/pagination";
import { shownContent, type ProfileScope } from "./profile-scope";

/** Where the next page starts: the last item's time and its key (`post:<id>`, ...), which breaks ties. */
type Cursor = { t: number; k: string };

export const decodeActivityCursor = (value: string) =>
  decodeJsonCursor<Cursor>(value, (c) => Number.isSafeInteger(c.t) && typeof c.k === "string");

type ActivityRow = {
  type: ActivityItem["type"];
  key: string;
  post_id: string;
  content: string;
  community_id: string;
  community_name: string | null;
  created_at: number;
};

/** One kind of activity: its rows (`t` the time, `id` its own id) and whose it is (`who`). */
type Kind = { type: ActivityItem["type"]; columns: SQL; from: SQL; who: SQL; at: SQL; id: SQL };

const kinds: Kind[] = [
  {
    type: "post",
    columns: sql`p.id as post_id, p.content, p.community_id`,
    from: sql`posts p`,
    who: sql.raw("p.author_id"),
    at: sql.raw("p.created_at"),
    id: sql.raw("p.id"),
  },
  {
    type: "comment",
    columns: sql`p.id as post_id, pc.content, p.community_id`,
    from: sql`post_comments pc join posts p on p.id = pc.post_id`,
    who: sql.raw("pc.author_id"),
    at: sql.raw("pc.created_at"),
    id: sql.raw("pc.id"),
  },
  {
    type: "like",
    columns: sql`p.id as post_id, p.content, p.community_id`,
    from: sql`post_likes pl join posts p on p.id = pl.post_id`,
    who: sql.raw("pl.user_id"),
    at: sql.raw("pl.created_at"),
    id: sql.raw("pl.post_id"),
  },
];

/** One kind's rows after the cursor, newest first: each walks its own (person, created_at) index. */
function kindPage(k: Kind, s: ProfileScope, after: Cursor | null, limit: number) {
  const key = sql`${k.type} || ':' || ${k.id}`;
  const keyset = after ? sql`and ${k.at} <= ${after.t} and (${k.at} < ${after.t} or ${key} < ${after.k})` : sql``;
  return sql`select * from (select ${k.type} as type, ${key} as key, ${k.columns}, ${k.at} as created_at from ${k.from}
    where ${k.who} = ${s.target} and ${shownContent(s)} ${keyset} order by ${k.at} desc, ${k.id} desc limit ${limit + 1})`;
}

/**
 * A page of a person's posts, comments and likes, newest first (`limit + 1` rows, to tell whether
 * another page follows): each kind read through its index, merged in one statement.
 */
export function activityStatement(db: Db, s: ProfileScope, after: Cursor | null, limit: number) {
  const merged = sql.join(
    kinds.map((k) => kindPage(k, s, after, limit)),
    sql` union all `,
  );
  return db.all<ActivityRow>(
    sql`select a.type, a.key, a.post_id, a.content, a.community_id, c.name as community_name, a.created_at
      from (${merged}) a
      left join communities c on c.id = a.community_id
      order by a.created_at desc, a.key desc limit ${limit + 1}`,
  );
}

const points: Record<ActivityItem["type"], number> = {
  post: pointValues.post_created,
  comment: pointValues.comment_created,
  like: 0,
};

const cut = (text: string) => (text.length > ACTIVITY_TEXT_MAX ? `${text.slice(0, ACTIVITY_TEXT_MAX)}...` : text);

/** The page as answered: at most `limit` items and the cursor of the next page. */
export function toActivityPage(rows: ActivityRow[], limit: number) {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    items: shown.map(
      (r): ActivityItem => ({
        id: r.key,
        type: r.type,
        content: cut(r.content),
        postId: r.post_id,
        communityId: r.community_id,
        communityName: r.community_name ?? "Unknown Community",
        createdAt: r.created_at,
        pointsEarned: points[r.type],
      }),
    ),
    nextCursor: rows.length > limit && last ? encodeJsonCursor({ t: last.created_at, k: last.key }) : null,
  };
}
