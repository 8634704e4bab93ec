import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { MemberSort } from "../../../common/contract/enums";
import { blockedBetween } from "../../lib/access";
import type { Db } from "../../lib/db";
import { inColumns, searchTerms } from "../../lib/full-text";
import { decodeJsonCursor, encodeJsonCursor } from "../../lib/pagination";
import { sessionUserId } from "../../lib/session";
import { selectAs, tableAs, type SelectAsRow, type Stored } from "../../lib/sql-names";
import { communities, communityMembers, userPoints, users } from "../../lib/tables";

const m = alias(communityMembers, "m");
const u = alias(users, "u");
const c = alias(communities, "c");
const up = alias(userPoints, "up");
const z = alias(userPoints, "z");

/** A member as the page shows them (the route reads these keys). */
const memberColumns = {
  id: u.id,
  full_name: u.fullName,
  avatar_url: u.avatarUrl,
  profession: u.profession,
  role: m.role,
  joined_at: m.joinedAt,
  creator_id: c.creatorId,
};

export type MemberRow = SelectAsRow<typeof memberColumns> & { points: Stored<typeof up.points> };

/** Where the next page starts: the last row's sort value (`v`) and id. */
type Cursor = { v: number | string; id: string };

const points = sql`coalesce(${up.points}, 0)`;
const name = sql`${u.fullName} collate nocase`;

/**
 * Each sort as its order and the keyset condition after a cursor. The id breaks ties, so a page never
 * repeats or skips a member whose sort value equals the last one shown.
 */
const sorts: Record<MemberSort, { order: SQL; after: (c: Cursor) => SQL; value: (r: MemberRow) => number | string }> = {
  points: {
    order: sql`${points} desc, ${m.profileId}`,
    after: (at) => sql`(${points} < ${at.v} or (${points} = ${at.v} and ${m.profileId} > ${at.id}))`,
    value: (r) => r.points,
  },
  name: {
    order: sql`${name}, ${m.profileId}`,
    after: (at) => sql`(${name} > ${at.v} or (${name} = ${at.v} and ${m.profileId} > ${at.id}))`,
    value: (r) => r.full_name,
  },
  joined: {
    order: sql`${m.joinedAt} desc, ${m.profileId} desc`,
    after: (at) => sql`(${m.joinedAt} < ${at.v} or (${m.joinedAt} = ${at.v} and ${m.profileId} < ${at.id}))`,
    value: (r) => r.joined_at,
  },
};

export const decodeMembersCursor = (value: string, sort: MemberSort) =>
  decodeJsonCursor<Cursor>(
    value,
    (at) => typeof at.id === "string" && (sort === "name" ? typeof at.v === "string" : Number.isSafeInteger(at.v)),
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
    sql`${m.communityId} = ${f.communityId}`,
    sql`not ${blockedBetween(m.profileId, sessionUserId(f.token))}`,
  ];
  if (terms) {
    conditions.push(
      sql`${m.profileId} in (select id from people_fts where people_fts match
        'scope : "' || hex(${f.communityId}) || '" AND ' || ${inColumns(["name"], terms)})`,
    );
  }
  if (f.onlyIds) conditions.push(sql`${m.profileId} in (select value from json_each(${JSON.stringify(f.onlyIds)}))`);
  if (f.sort === "points") return pointsOrderPage(db, f, conditions);
  if (f.after) conditions.push(sort.after(f.after));
  return db.all<MemberRow>(
    sql`select ${selectAs(memberColumns)}, ${points} as points
        from ${tableAs(m)}
        join ${tableAs(u)} on ${u.id} = ${m.profileId}
        join ${tableAs(c)} on ${c.id} = ${m.communityId}
        left join ${tableAs(up)} on ${up.userId} = ${m.profileId} and ${up.communityId} = ${m.communityId}
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
  const scored = [...conditions, sql`${up.communityId} = ${f.communityId}`, sql`${up.isMember} = 1`, sql`${up.points} > 0`];
  if (after) scored.push(sql`(${up.points} < ${after.v} or (${up.points} = ${after.v} and ${up.userId} > ${after.id}))`);
  const unscored = [
    ...conditions,
    sql`not exists (select 1 from ${tableAs(z)} where ${z.userId} = ${m.profileId} and ${z.communityId} = ${m.communityId} and ${z.points} > 0)`,
  ];
  if (after && after.v === 0) unscored.push(sql`${m.profileId} > ${after.id}`);
  const withPoints =
    after && Number(after.v) <= 0
      ? sql`select null as id, 0 as points where false`
      : sql`select ${up.userId} as id, ${up.points} from ${tableAs(up)}
          join ${tableAs(m)} on ${m.communityId} = ${up.communityId} and ${m.profileId} = ${up.userId}
          where ${sql.join(scored, sql` and `)} order by ${up.points} desc, ${up.userId} limit ${size}`;
  return db.all<MemberRow>(
    sql`with page(id, points) as (
          select * from (${withPoints})
          union all
          select * from (select ${m.profileId}, 0 from ${tableAs(m)}
            where ${sql.join(unscored, sql` and `)} order by ${m.profileId} limit ${size})
          limit ${size})
        select ${selectAs(memberColumns)}, p.points
        from page p
        join ${tableAs(m)} on ${m.communityId} = ${f.communityId} and ${m.profileId} = p.id
        join ${tableAs(u)} on ${u.id} = p.id
        join ${tableAs(c)} on ${c.id} = ${m.communityId}
        order by p.points desc, p.id`,
  );
}
