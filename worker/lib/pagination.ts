import { AppError } from "./errors";

/** Keyset cursor over (created_at, id), opaque to clients. */
export type Cursor = { createdAt: number; id: string };

const invalidCursor = () =>
  new AppError("VALIDATION_FAILED", "Some fields are not valid.", {
    issues: [{ path: "cursor", message: "Invalid cursor" }],
  });

export function encodeCursor(cursor: Cursor): string {
  return btoa(`${cursor.createdAt}:${cursor.id}`).replace(/=+$/, "");
}

export function decodeCursor(value: string): Cursor {
  try {
    const [createdAt, id] = atob(value).split(":");
    const n = Number(createdAt);
    if (!Number.isSafeInteger(n) || !id) throw new Error("bad cursor");
    return { createdAt: n, id };
  } catch {
    throw invalidCursor();
  }
}

/** A keyset cursor of any shape (several sort values, fractions), as base64 JSON. */
export const encodeJsonCursor = (cursor: object) => btoa(JSON.stringify(cursor)).replace(/=+$/, "");

/** The cursor back, or a 422 on `cursor` when it is not one that `isCursor` accepts. */
export function decodeJsonCursor<T>(value: string, isCursor: (parsed: Record<string, unknown>) => boolean): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(atob(value));
  } catch {
    throw invalidCursor();
  }
  if (typeof parsed !== "object" || parsed === null || !isCursor(parsed as Record<string, unknown>)) throw invalidCursor();
  return parsed as T;
}
