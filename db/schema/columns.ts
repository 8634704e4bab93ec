import { integer, text } from "drizzle-orm/sqlite-core";
import { newId } from "../../common/ids";

/** Column builders shared by every table outside better-auth's, so the conventions live in one place. */

/** Text UUIDv7 primary key, generated in the app so the id is known before the batch runs. */
export const idColumn = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => newId());

/** Milliseconds since the epoch, UTC. */
export const millis = (name: string) => integer(name, { mode: "number" });

export const createdAt = () =>
  millis("created_at")
    .notNull()
    .$defaultFn(() => Date.now());

export const updatedAt = () =>
  millis("updated_at")
    .notNull()
    .$defaultFn(() => Date.now())
    .$onUpdateFn(() => Date.now());

/** Stored counter of child rows, kept in step by the write that adds or removes the child. */
export const counter = (name: string) => integer(name, { mode: "number" }).notNull().default(0);

export const flag = (name: string, initial: boolean) => integer(name, { mode: "boolean" }).notNull().default(initial);

/** Money in tetri (1 GEL = 100 tetri); always paired with `currency()`. */
export const tetri = (name: string) => integer(name, { mode: "number" });

export const currency = () => text("currency").notNull().default("GEL");
