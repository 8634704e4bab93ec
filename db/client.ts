import type { Client, ResultSet } from "@libsql/client";
import { is } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { drizzle as drizzleD1 } from "drizzle-orm/d1";
import { drizzle as drizzleLibsql } from "drizzle-orm/libsql/web";
import { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

/**
 * The database as the data layer sees it, whichever engine is underneath: drizzle over D1 or over
 * libSQL. Both drivers are drizzle's async SQLite database with an all-or-nothing `batch`; they differ
 * only in what a bare `.run()` resolves to, so code that needs rows uses `.returning()` or a select.
 */
export type Db = BaseSQLiteDatabase<"async", D1Result | ResultSet, typeof schema> & {
  batch<U extends BatchItem<"sqlite">, T extends Readonly<[U, ...U[]]>>(batch: T): Promise<BatchResponse<T>>;
};

/** Either a D1 binding (or session) or a database already built over one of the engines. */
export type DbSource = D1Database | Db;

/** Drizzle over D1; a database that is already built is returned as it is. */
export function createDb(source: DbSource): Db {
  return isDb(source) ? source : drizzleD1(source, { schema });
}

const isDb = (source: DbSource): source is Db => is(source, BaseSQLiteDatabase);

/** Drizzle over a libSQL client (`@libsql/client/web` in workerd, `@libsql/client` in Node). */
export function createLibsqlDb(client: Client): Db {
  return drizzleLibsql(client, { schema });
}

export { schema };
