import { sql, type Column, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { ACTIVITY_TEXT_MAX } from "../../../common/contract/limits";
import type { ActivityItem } from "../../../common/contract/profiles";
import { pointValues } from "../../../common/points";
import type { Db } from "../../lib/db";
import { decodeJsonCursor, encodeJsonCursor } from "../../lib/pagination";
import { selectAs, tableAs, type SelectAsRow, type Stored } from "../../lib/sql-names";
import { communities, postComments, postLikes } from "../../lib/tables";
import { shownContent, shownPost, type ProfileScope } from "./profile-scope";

/** Where the next page starts: the last item's time and its key (`post:<id>`, ...), which breaks ties. */
type Cursor = { t: number; k: string };

export const decodeActivityCursor = (value: string) =>
  decodeJsonCursor<Cursor>(value, (at) => Number.isSafeInteger(at.t) && typeof at.k === "string");

const p = shownPost;
const pc = alias(postComments, "pc");
const pl = alias(postLikes, "pl");
const c = alias(communities, "c");

/** What an item shows of its post: the columns under the names the merged rows share. */
const postColumns = { post_id: p.id, content: p.content, community_id: p.communityId };

type ActivityRow = SelectAsRow<typeof postColumns> & {
  type: ActivityItem["type"];
  key: string;
  community_name: Stored<typeof c.name> | null;
  created_at: Stored<typeof p.createdAt>;
};

/** One kind of activity: its rows (`at` the time, `id` its own id) and whose it is (`who`). */
type Kind = {
  type: ActivityItem["type"];
  columns: Record<keyof typeof postColumns, Column>;
  from: SQL;
  who: Column;
  at: Column;
  id: Column;
};

const kinds: Kind[] = [
  {
    type: "post",
    columns: postColumns,
    from: tableAs(p),
    who: p.authorId,
    at: p.createdAt,
    id: p.id,
  },
  {
    type: "comment",
    columns: { ...postColumns, content: pc.content },
    from: sql`${tableAs(pc)} join ${tableAs(p)} on ${p.id} = ${pc.postId}`,
    who: pc.authorId,
    at: pc.createdAt,
    id: pc.id,
  },
  {
    type: "like",
    columns: postColumns,
    from: sql`${tableAs(pl)} join ${tableAs(p)} on ${p.id} = ${pl.postId}`,
    who: pl.userId,
    at: pl.createdAt,
    id: pl.postId,
  },
];

/** One kind's rows after the cursor, newest first: each walks its own (person, created_at) index. */
function kindPage(k: Kind, s: ProfileScope, after: Cursor | null, limit: number) {
  const key = sql`${k.type} || ':' || ${k.id}`;
  const keyset = after ? sql`and ${k.at} <= ${after.t} and (${k.at} < ${after.t} or ${key} < ${after.k})` : sql``;
  return sql`select * from (select ${k.type} as type, ${key} as key, ${selectAs(k.columns)}, ${k.at} as created_at from ${k.from}
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
    sql`select a.type, a.key, a.post_id, a.content, a.community_id, ${c.name} as community_name, a.created_at
      from (${merged}) a
      left join ${tableAs(c)} on ${c.id} = a.community_id
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
    items: shown.map((r): ActivityItem => ({
      id: r.key,
      type: r.type,
      content: cut(r.content),
      postId: r.post_id,
      communityId: r.community_id,
      communityName: r.community_name ?? "Unknown Community",
      createdAt: r.created_at,
      pointsEarned: points[r.type],
    })),
    nextCursor: rows.length > limit && last ? encodeJsonCursor({ t: last.created_at, k: last.key }) : null,
  };
}
