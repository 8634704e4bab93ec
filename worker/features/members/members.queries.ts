import { sql, type SQL } from "drizzle-orm";
import type { MemberRole, MemberSort } from "../../../common/contract/enums";
import { blockedBetween } from "../../lib/access";
import type { Db } from "../../lib/db";
import { inColumns, searchTerms } from "../../lib/full-text";
import { decodeJsonCursor, encodeJsonCursor } from "../../lib/pagination";
import { sessionUserId } from "../../lib/session";

export type MemberRow = {
  id: string;
  full_name: string;
  avatar_url: string | null;
  profession: string | null;
  role: MemberRole;
  joined_at: number;
  points: number;
  creator_id: string | null;
};

/** Where the next page starts: the last row's sort value (`v`) and id. */
type Cursor = { v: number | string; id: string };

const points = sql.raw("coalesce(up.points, 0)");
const name = sql.raw("u.full_name collate nocase");

/**
 * Each sort as its order and the keyset condition after a cursor. The id breaks ties, so a page never
 * repeats or skips a member whose sort value equals the last one shown.
 */
const sorts: Record<MemberSort, { order: SQL; after: (c: Cursor) => SQL; value: (r: MemberRow) => number | string }> = {
  points: {
    order: sql`${points} desc, m.profile_id`,
    after: (c) => sql`(${points} < ${c.v} or (${points} = ${c.v} and m.profile_id > ${c.id}))`,
    value: (r) => r.points,
  },
  name: {
    order: sql`${name}, m.profile_id`,
    after: (c) => sql`(${name} > ${c.v} or (${name} = ${c.v} and m.profile_id > ${c.id}))`,
    value: (r) => r.full_name,
  },
  joined: {
    order: sql`m.joined_at desc, m.profile_id desc`,
    after: (c) => sql`(m.joined_at < ${c.v} or (m.joined_at = ${c.v} and m.profile_id < ${c.id}))`,
    value: (r) => r.joined_at,
  },
};

export const decodeMembersCursor = (value: string, sort: MemberSort) =>
  decodeJsonCursor<Cursor>(
    value,
    (c) => typeof c.id === "string" && (sort === "name" ? typeof c.v === "string" : Number.isSafeInteger(c.v)),
  );

export const membersCursor = (row: MemberRow, sort: MemberSort) => encodeJsonCursor({ v: sorts[sort].value(row), id: row.id });

export type MembersFilter = {
  communityId: string;
  /** The caller's session: blocks are read from it inside the statement, in the access check's round trip. */
  token: string;
  q: string;
  sort: MemberSort;
  after: Cursor | null;
  /** Only these members (the ones online), when set. */
  onlyIds: string[] | null;
  limit: number;
};

/**
 * One page of a community's members (`limit + 1` rows, to tell whether another follows). The search
 * goes through the people index (words in any order, the last one as a prefix; case folded for Latin,
 * Cyrillic and Georgian alike), restricted to this community's rows by its scope column. People the
 * caller blocked or who blocked the caller are left out both ways. Null when the text holds no word.
 */
export function membersPage(db: Db, f: MembersFilter) {
  const terms = f.q ? searchTerms(f.q).expression : null;
  if (f.q && !terms) return null;
  const sort = sorts[f.sort];
  const conditions: SQL[] = [
    sql`m.community_id = ${f.communityId}`,
    sql`not ${blockedBetween(sql.raw("m.profile_id"), sessionUserId(f.token))}`,
  ];
  if (terms) {
    conditions.push(
      sql`m.profile_id in (select id from people_fts where people_fts match
        'scope : "' || hex(${f.communityId}) || '" AND ' || ${inColumns(["name"], terms)})`,
    );
  }
  if (f.onlyIds) conditions.push(sql`m.profile_id in (select value from json_each(${JSON.stringify(f.onlyIds)}))`);
  if (f.sort === "points") return pointsOrderPage(db, f, conditions);
  if (f.after) conditions.push(sort.after(f.after));
  return db.all<MemberRow>(
    sql`select u.id, u.full_name, u.avatar_url, u.profession, m.role, m.joined_at, ${points} as points, c.creator_id
        from community_members m
        join users u on u.id = m.profile_id
        join communities c on c.id = m.community_id
        left join user_points up on up.user_id = m.profile_id and up.community_id = m.community_id
        where ${sql.join(conditions, sql` and `)}
        order by ${sort.order} limit ${f.limit + 1}`,
  );
}

/**
 * The page by points as two walks that each stop at the page's end: the members with points down
 * `user_points_rank_idx` (points desc, id), then those without, by id. Sorting every member by a
 * joined total would read all of them for each page.
 */
function pointsOrderPage(db: Db, f: MembersFilter, conditions: SQL[]) {
  const size = f.limit + 1;
  const after = f.after;
  const scored = [...conditions, sql`up.community_id = ${f.communityId}`, sql`up.is_member = 1`, sql`up.points > 0`];
  if (after) scored.push(sql`(up.points < ${after.v} or (up.points = ${after.v} and up.user_id > ${after.id}))`);
  const unscored = [
    ...conditions,
    sql`not exists (select 1 from user_points z where z.user_id = m.profile_id and z.community_id = m.community_id and z.points > 0)`,
  ];
  if (after && after.v === 0) unscored.push(sql`m.profile_id > ${after.id}`);
  const withPoints =
    after && Number(after.v) <= 0
      ? sql`select null as id, 0 as points where false`
      : sql`select up.user_id as id, up.points from user_points up
          join community_members m on m.community_id = up.community_id and m.profile_id = up.user_id
          where ${sql.join(scored, sql` and `)} order by up.points desc, up.user_id limit ${size}`;
  return db.all<MemberRow>(
    sql`with page(id, points) as (
          select * from (${withPoints})
          union all
          select * from (select m.profile_id, 0 from community_members m
            where ${sql.join(unscored, sql` and `)} order by m.profile_id limit ${size})
          limit ${size})
        select u.id, u.full_name, u.avatar_url, u.profession, m.role, m.joined_at, p.points, c.creator_id
        from page p
        join community_members m on m.community_id = ${f.communityId} and m.profile_id = p.id
        join users u on u.id = p.id
        join communities c on c.id = m.community_id
        order by p.points desc, p.id`,
  );
}
