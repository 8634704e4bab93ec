import { eq, sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../../db/schema";
import { seedCommunity, seedMember, seedPost, seedSession, seedUser } from "../../../tests/db-fixtures";
import { openTestDb, testEngine } from "../../../tests/test-db";
import type { Db } from "../../lib/db";
import { ftsIndexes, PREFIX_MAX, searchTerms } from "../../lib/full-text";
import { SEARCH_RANKED_MAX } from "../../../common/contract/limits";
import { COMMON_PHRASE_ROWS, groupedSearch, kindSearch, type HitRow } from "./search.queries";

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});

const word = () => `w${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;
const search = async (token: string, q: string) => {
  const expression = searchTerms(q).expression!;
  return (await db.all<HitRow>(kindSearch(token, "posts", expression, 10, null))).map((r) => r.id);
};

describe(`the full-text indexes on ${testEngine()}`, () => {
  // FTS5 answers a prefix only from an index of exactly its length; any other merges every matching
  // word's rows first, so each length a search may type needs its own index.
  it("have a prefix index for every length a search types", async () => {
    for (const { table } of Object.values(ftsIndexes)) {
      const [row] = await db.all<{ sql: string }>(sql`select sql from sqlite_master where name = ${table}`);
      const lengths = row!.sql
        .match(/prefix\s*=\s*'([\d ]+)'/)![1]!
        .split(" ")
        .map(Number);
      const from = table === "people_fts" ? 1 : 2;
      for (let n = from; n <= PREFIX_MAX; n++) expect(lengths, `${table} prefix ${n}`).toContain(n);
    }
  });

  it("follow inserts, edits and deletes made through drizzle, and only for members", async () => {
    const w = word();
    const owner = await seedUser(db);
    const member = await seedUser(db, { fullName: `Ёлкина ${w}` });
    const outsider = await seedUser(db);
    const community = await seedCommunity(db, owner.id);
    await seedMember(db, community.id, member.id);
    const [memberToken, outsiderToken] = [await seedSession(db, member.id), await seedSession(db, outsider.id)];

    const post = await seedPost(db, community.id, owner.id, `${w} Встреча стартапов`);
    expect(await search(memberToken, `${w} встреч`)).toEqual([post.id]);
    expect(await search(outsiderToken, `${w} встреч`)).toEqual([]);

    await db
      .update(schema.posts)
      .set({ content: `${w} სტარტაპების შეხვედრა` })
      .where(eq(schema.posts.id, post.id));
    expect(await search(memberToken, `${w} встреч`)).toEqual([]);
    expect(await search(memberToken, `${w} სტარტაპ`)).toEqual([post.id]);

    const grouped = await db.all<HitRow>(groupedSearch(memberToken, searchTerms(`елкина ${w}`).expression!, 5));
    expect(grouped.map((r) => [r.kind, r.id])).toEqual([["people", member.id]]);

    await db.delete(schema.posts).where(eq(schema.posts.id, post.id));
    expect(await search(memberToken, w)).toEqual([]);
  });
});

/**
 * A community whose owner searches it, with COMMON_PHRASE_ROWS older posts holding `common` (posts
 * `<common>-1` to `<common>-N`, newest last): enough to make the word common.
 */
async function communityWithCommonWord(common: string) {
  const owner = await seedUser(db);
  const community = await seedCommunity(db, owner.id);
  const token = await seedSession(db, owner.id);
  const t0 = Date.now() - 10_000_000;
  await db.run(
    sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${COMMON_PHRASE_ROWS})
      insert into posts (id, community_id, author_id, content, created_at, updated_at)
      select ${common} || '-' || i, ${community.id}, ${owner.id}, 'filler ' || ${common}, ${t0} + i, ${t0} + i from n`,
  );
  return { owner, community, token };
}

describe(`ranking on ${testEngine()}`, () => {
  it("ranks a word found in most rows by each row's own matches, and a rarer one by bm25", async () => {
    const [common, rare] = [word(), word()];
    const { owner, community, token } = await communityWithCommonWord(common);
    const [titled] = await db
      .insert(schema.posts)
      .values({ communityId: community.id, authorId: owner.id, headline: `${common} ${rare}`, content: "other words" })
      .returning();
    const [twice] = await db
      .insert(schema.posts)
      .values({ communityId: community.id, authorId: owner.id, content: `${common} and ${common} ${rare}` })
      .returning();
    // A page asks for one row more than it shows.
    const top = async (q: string) =>
      (await db.all<HitRow>(kindSearch(token, "posts", searchTerms(q).expression!, 3, null))).slice(0, 3);

    // In-row: the headline weighs 4, matches saturate as tf / (tf + 1.2); no index-wide counts.
    const byCommon = await top(common);
    expect(byCommon.map((r) => r.id)).toEqual([titled!.id, twice!.id, `${common}-${COMMON_PHRASE_ROWS}`]);
    expect(byCommon.map((r) => r.score)).toEqual([-4 / 2.2, -2 / 3.2, -1 / 2.2].map((x) => expect.closeTo(x, 9)));
    // Both words required, one of them common: still the in-row score (every match of either counts).
    expect((await top(`${rare} ${common}`)).map((r) => r.score)).toEqual(
      [(-4 * 2) / 3.2, -3 / 4.2].map((x) => expect.closeTo(x, 9)),
    );
    // A rare word alone: bm25, whose weights of rarity make other figures, with the same order.
    const byRare = await top(rare);
    expect(byRare.map((r) => r.id)).toEqual([titled!.id, twice!.id]);
    expect(byRare[0]!.score).not.toBeCloseTo(-4 / 2.2, 3);
  });
});

describe(`a typed word longer than the longest prefix index on ${testEngine()}`, () => {
  it("is matched as that word alone when the word is common, and as the start of words when it is not", async () => {
    const [common, rare] = [word(), word()];
    expect(common.length).toBeGreaterThan(PREFIX_MAX);
    const { owner, community, token } = await communityWithCommonWord(common);
    const longer = await seedPost(db, community.id, owner.id, `${common}ish ${rare}ish`);
    const asTyped = async (q: string) => {
      const terms = searchTerms(q);
      const rows = await db.all<HitRow>(
        kindSearch(token, "posts", { expression: terms.expression!, whole: terms.whole }, 60, null),
      );
      return rows.map((r) => r.id);
    };

    // A common word typed out: that word, a lookup; its longer form is left out.
    const byCommon = await asTyped(common);
    expect(byCommon).toHaveLength(SEARCH_RANKED_MAX);
    expect(byCommon).not.toContain(longer.id);
    expect(byCommon[0]).toBe(`${common}-${COMMON_PHRASE_ROWS}`);
    // A word few rows hold, or a start that is no word: the start of longer words, as with short ones.
    expect(await asTyped(rare)).toEqual([longer.id]);
    expect(await asTyped(`${rare}is`)).toEqual([longer.id]);
    expect(await asTyped(`${rare}isx`)).toEqual([]);
    // Only the last word is being typed: earlier ones are whole words, as ever.
    expect(await asTyped(`${rare} ${common}`)).toEqual([]);
  });
});

describe(`search statements on ${testEngine()}`, () => {
  it("read each kind through its full-text index and reach every row by an index", async () => {
    const token = await seedSession(db, (await seedUser(db)).id);
    const expression = searchTerms("garden party").expression!;
    const planOf = async (statement: SQL) =>
      (await db.all<{ detail: string }>(sql`explain query plan ${statement}`)).map((r) => r.detail);
    const grouped = await planOf(groupedSearch(token, expression, 5));
    const comments = await planOf(kindSearch(token, "comments", expression, 20, null));
    // Communities walk their index newest first; the other kinds rank their window through a rowid range.
    expect(grouped).toContain("SCAN communities_fts VIRTUAL TABLE INDEX 192:M4");
    for (const [index, details] of [
      ["posts_fts", grouped],
      ["people_fts", grouped],
      ["events_fts", grouped],
      ["courses_fts", grouped],
      ["comments_fts", comments],
    ] as const) {
      expect(details).toContainEqual(expect.stringMatching(new RegExp(`^SCAN ${index} VIRTUAL TABLE INDEX 0:M\\d+><$`)));
      // Whether a typed word is common: a walk of at most COMMON_PHRASE_ROWS of its rows.
      expect(details).toContainEqual(expect.stringMatching(new RegExp(`^SCAN ${index} VIRTUAL TABLE INDEX 0:M\\d+$`)));
      expect(details.filter((d) => d.startsWith(`SCAN ${index} VIRTUAL TABLE INDEX 192:M`))).toHaveLength(1);
    }
    expect(grouped.filter((d) => d.includes("comments_fts"))).toEqual([]);
    // A page counts its ranked matches without running the ranking again.
    expect(comments.filter((d) => /^SCAN comments_fts VIRTUAL TABLE INDEX 0:M\d+></.test(d))).toHaveLength(1);
    // Ordinary tables are only ever searched by key.
    expect([...grouped, ...comments].filter((d) => /AUTOMATIC|^SCAN (c|p|pc|u|m|e|co|s|bu)\b/.test(d))).toEqual([]);
  });

  it("have every trigger that keeps the indexes in step (a migration that recreates a table drops them)", async () => {
    const triggers = await db.all<{ name: string }>(
      sql`select name from sqlite_master where type = 'trigger' and name like '%_fts_%' order by name`,
    );
    expect(triggers.map((t) => t.name)).toEqual([
      "comments_fts_delete",
      "comments_fts_insert",
      "comments_fts_update",
      "communities_fts_delete",
      "communities_fts_insert",
      "communities_fts_update",
      "courses_fts_delete",
      "courses_fts_insert",
      "courses_fts_update",
      "events_fts_delete",
      "events_fts_insert",
      "events_fts_update",
      "people_fts_delete",
      "people_fts_insert",
      "people_fts_join",
      "people_fts_leave",
      "people_fts_update",
      "posts_fts_delete",
      "posts_fts_insert",
      "posts_fts_update",
    ]);
  });
});
