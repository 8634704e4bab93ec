/** SQL literals for the seed: values are inlined (no bound parameters), so escaping lives here. */

export type Row = Record<string, string | number | boolean | null | undefined | object>;

export function literal(value: Row[string]): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new Error(`seed: not an integer: ${value}`);
    return String(value);
  }
  if (typeof value === "string") {
    if (value.includes("\u0000")) throw new Error("seed: NUL in a string");
    return `'${value.replaceAll("'", "''")}'`;
  }
  return literal(JSON.stringify(value));
}

/**
 * ON CONFLICT DO NOTHING (rather than INSERT OR IGNORE) skips only rows that already exist, so a
 * NOT NULL or CHECK mistake still fails loudly instead of silently dropping the row.
 */
export function insert(table: string, row: Row): string {
  const columns = Object.keys(row);
  const names = columns.map((c) => `"${c}"`).join(", ");
  const values = columns.map((c) => literal(row[c])).join(", ");
  return `INSERT INTO "${table}" (${names}) VALUES (${values}) ON CONFLICT DO NOTHING;`;
}
