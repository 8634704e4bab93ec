import { AppError } from "./errors";

/** Keyset cursor over (created_at, id), opaque to clients. */
export type Cursor = { createdAt: number; id: string };

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
    throw new AppError("VALIDATION_FAILED", "Some fields are not valid.", {
      issues: [{ path: "cursor", message: "Invalid cursor" }],
    });
  }
}
