/**
 * "Contains" search without LIKE: D1 refuses LIKE patterns over 50 bytes, and instr needs no escaping
 * of % and _. SQLite's lower() folds ASCII only, so the text is also matched as typed (Cyrillic in
 * its own case); Georgian has no case.
 */
export function containsSql(column: string): string {
  return `(instr(lower(${column}), ?) > 0 or instr(${column}, ?) > 0)`;
}

/** The two parameters `containsSql` takes, in order. */
export function containsParams(text: string): [string, string] {
  return [text.toLowerCase(), text];
}
