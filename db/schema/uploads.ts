import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { createdAt, idColumn } from "./columns";
import { uploadPurposes, type UploadPurpose } from "../../common/contract/enums";

export { uploadPurposes, type UploadPurpose };

/** Files stored in R2 under random keys; the row is what the server checked (type, size, pixels). */
export const uploads = sqliteTable(
  "uploads",
  {
    id: idColumn(),
    r2Key: text("r2_key").notNull(),
    // Cascade: the purge job deletes the R2 objects it finds here first, then the account.
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: uploadPurposes }).notNull(),
    contentType: text("content_type").notNull(),
    /** Bytes. */
    size: integer("size", { mode: "number" }).notNull(),
    width: integer("width", { mode: "number" }),
    height: integer("height", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("uploads_r2_key_unique").on(t.r2Key), index("uploads_owner_idx").on(t.ownerId, t.createdAt)],
);
