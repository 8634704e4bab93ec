import { createClient } from "@libsql/client/web";
import { createDb, createLibsqlDb, type Db } from "../../db/client";

/** What the engine choice reads: the D1 binding and, for libSQL, where the database is. */
export type DatabaseConfig = {
  DB: D1Database;
  /** "d1" (default) or "libsql". */
  DB_ENGINE?: string;
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
};

export type DatabaseEngine = "d1" | "libsql";

/** A misconfiguration the operator has to fix: the message names the setting. */
export class DatabaseConfigError extends Error {
  override name = "DatabaseConfigError";
}

export function databaseEngine(config: Pick<DatabaseConfig, "DB_ENGINE">): DatabaseEngine {
  const engine = config.DB_ENGINE?.trim() || "d1";
  if (engine === "d1" || engine === "libsql") return engine;
  throw new DatabaseConfigError(`DB_ENGINE must be "d1" or "libsql", not ${JSON.stringify(config.DB_ENGINE)}.`);
}

/** Inside workerd a libSQL database is reached over the network: file: and memory URLs cannot work. */
const remoteSchemes = new Set(["libsql:", "https:", "http:", "wss:", "ws:"]);

function libsqlUrl(config: DatabaseConfig): string {
  const url = config.LIBSQL_URL?.trim();
  if (!url) throw new DatabaseConfigError('DB_ENGINE is "libsql" but LIBSQL_URL is not set.');
  let scheme: string;
  try {
    scheme = new URL(url).protocol;
  } catch {
    throw new DatabaseConfigError("LIBSQL_URL is not a URL.");
  }
  if (!remoteSchemes.has(scheme)) {
    throw new DatabaseConfigError(`LIBSQL_URL must be a libsql:, https:, http:, wss: or ws: URL in the worker, not ${scheme}`);
  }
  return url;
}

/**
 * The request's database on the configured engine: drizzle over `config.DB` (D1, or the request's D1
 * session when the session middleware ran first) or over a libSQL server. A client per call: the web
 * client talks HTTP (or a WebSocket) and Workers do not share I/O objects between requests.
 */
export function createDatabase(config: DatabaseConfig): Db {
  if (databaseEngine(config) === "d1") return createDb(config.DB);
  return createLibsqlDb(createClient({ url: libsqlUrl(config), authToken: config.LIBSQL_AUTH_TOKEN }));
}
