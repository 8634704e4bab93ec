import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * "Contains" search without LIKE: D1 refuses LIKE patterns over 50 bytes, and instr needs no escaping
 * of % and _. SQLite's lower() folds ASCII only, so the text is also matched as typed (Cyrillic in
 * its own case); Georgian has no case.
 */
export function contains(column: SQLWrapper, text: string): SQL {
  return sql`(instr(lower(${column}), ${text.toLowerCase()}) > 0 or instr(${column}, ${text}) > 0)`;
}
