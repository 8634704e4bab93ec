import { and, count, eq, sql, type Column, type SQL } from "drizzle-orm";
import type { UploadPurpose } from "../../common/contract/enums";
import type { Db } from "./db";
import { AppError } from "./errors";
import { sessionUserId } from "./session";
import { firstRow, qualified } from "./sql-names";
import { uploads } from "./tables";

/**
 * Whether an image a write names is the caller's own upload for this purpose: a statement to fold into
 * the write's read batch (null without an image), then `assertOwnUpload` on its row. Anyone else's
 * upload, or a key that names no upload, is refused as if it had not been uploaded.
 */
export const ownUpload = (db: Db, token: string, purpose: UploadPurpose, imageUrl: string | null | undefined) =>
  imageUrl
    ? firstRow(
        db
          .select({ n: count() })
          .from(uploads)
          .where(
            and(
              eq(uploads.ownerId, sessionUserId(token)),
              eq(uploads.purpose, purpose),
              eq(uploads.r2Key, imageUrl.slice("/files/".length)),
            ),
          ),
      )
    : null;

/** The field's error when `ownUpload` found nothing (its row, or null when no image was named). */
export function assertOwnUpload(found: { n: number } | undefined | null, path = "imageUrl") {
  if (found && found.n === 0) {
    throw new AppError("VALIDATION_FAILED", "Some fields are not valid.", {
      issues: [{ path, message: "Images must be uploaded first" }],
    });
  }
}

/**
 * The same rule as an SQL condition over the row being written, for a write that is one statement:
 * `url` is `owner`'s upload for this purpose, or the image `column` holds already (an image saved before
 * stays savable). True without an image.
 */
export const ownOrKept = (column: Column, owner: Column, purpose: UploadPurpose, url: string | null | undefined): SQL<number> =>
  url
    ? sql<number>`(${qualified(column)} is ${url} or exists (select 1 from ${uploads} where ${uploads.ownerId} = ${qualified(owner)}
        and ${uploads.purpose} = ${purpose} and ${uploads.r2Key} = ${url.slice("/files/".length)}))`
    : sql<number>`1`;
