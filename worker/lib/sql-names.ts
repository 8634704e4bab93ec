import { getTableName, sql, type Column, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { SQLiteRaw } from "drizzle-orm/sqlite-core/query-builders/raw";

/**
 * Table and column names, and row types, for the statements written as `sql` templates, taken from
 * the schema so that renaming a table or a column reaches the compiler. In a template `${posts}`
 * renders "posts" and `${posts.likesCount}` renders "posts"."likes_count" (with `alias(posts, "p")`:
 * "p"."likes_count"). Where SQLite takes no qualified name, the helpers below give the bare one.
 */

/** A column's bare name, for SET targets, INSERT column lists and ON CONFLICT targets: "likes_count". */
export const bare = (column: Column): SQL => sql`${sql.identifier(column.name)}`;

/**
 * A column with its table's name always: "users"."id". A builder select from one table writes its
 * fields' columns bare ("id"), even inside an `sql` field, where a subquery would then read its own
 * table's column of that name; a correlated subquery in such a field names the outer column this way.
 */
export const qualified = (column: Column): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** An INSERT's column list: "a", "b", "c". */
export const bareList = (...columns: Column[]): SQL => sql.join(columns.map(bare), sql`, `);

/** An upsert's proposed value of a column: excluded."count". */
export const excluded = (column: Column): SQL => sql`excluded.${bare(column)}`;

/** drizzle keeps an alias's table name under this (registered) symbol; its own FROM clauses read it. */
const originalName = Symbol.for("drizzle:OriginalName");

/**
 * An `alias()` as the table of a template's FROM, JOIN, UPDATE or DELETE: "posts" as "p" (UPDATE and
 * DELETE need the AS). In a template `${p}` alone renders only "p", which names no table.
 */
export function tableAs(aliased: SQLiteTable): SQL {
  const table = (aliased as unknown as Record<symbol, string>)[originalName]!;
  return sql`${sql.identifier(table)} as ${aliased}`;
}

/**
 * What a template reads from a column: the value as the driver answers it, which is the column's own
 * type except where drizzle maps it (a flag is 0/1, JSON is text, a timestamp is epoch ms), null when
 * the column is nullable. For builder selects drizzle maps and types the values itself.
 */
export type Stored<C extends Column> =
  | (C["_"]["data"] extends boolean | Date | object ? C["_"]["driverParam"] : C["_"]["data"])
  | (C["_"]["notNull"] extends true ? never : null);

type Selected = Column | SQL<unknown>;

/**
 * A template's select list from named columns and expressions: `{ full_name: u.fullName }` renders
 * "u"."full_name" as "full_name". The keys are the row's keys whatever the columns are called in the
 * database, and `SelectAsRow` types the row from the schema.
 */
export const selectAs = (fields: Record<string, Selected>): SQL =>
  sql.join(
    Object.entries(fields).map(([key, field]) => sql`${field} as ${sql.identifier(key)}`),
    sql`, `,
  );

/** A RETURNING list from named columns of the written table: bare names (RETURNING takes no qualifier) under the row's keys. */
export const returningAs = (fields: Record<string, Column>): SQL =>
  sql.join(
    Object.entries(fields).map(([key, column]) => sql`${bare(column)} as ${sql.identifier(key)}`),
    sql`, `,
  );

/** The row a template reads through `selectAs(fields)`: a column's stored value, an expression's `sql<T>` type. */
export type SelectAsRow<F extends Record<string, Selected>> = {
  [K in keyof F]: F[K] extends Column ? Stored<F[K]> : F[K] extends SQL<infer T> ? T : never;
};

/** A LEFT JOINed table's column in a `selectAs` record: the same column, typed as possibly null. */
export const leftJoined = <C extends Column>(column: C) => sql<Stored<C> | null>`${column}`;

/** Columns of a LEFT JOINed table: each may be null. */
export type LeftJoined<T> = { [K in keyof T]: T[K] | null };

type Prepared = { get(): Promise<unknown>; mapResult(result: unknown, isFromBatch: boolean): unknown };
const dialect = new SQLiteAsyncDialect();

/**
 * The first row of a builder select (or of a write's RETURNING), undefined without one, as a statement
 * like `db.get`'s: alone it runs on its own, in a batch it reads the first of the batch's rows. A
 * builder's own `.get()` runs at once and so cannot go into a batch.
 */
export function firstRow<Q extends { _: { result: unknown[] }; getSQL(): SQL }>(
  query: Q,
): SQLiteRaw<Q["_"]["result"][number] | undefined> {
  const prepared = (query as unknown as { _prepare(): Prepared })._prepare();
  return new SQLiteRaw(
    () => prepared.get() as Promise<Q["_"]["result"][number] | undefined>,
    () => query.getSQL(),
    "get",
    dialect,
    (result) => (prepared.mapResult(result, true) as unknown[])[0],
  );
}
