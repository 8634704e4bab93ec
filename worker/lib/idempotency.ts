import { and, eq, sql, type SQLWrapper } from "drizzle-orm";
import { idempotencyHeaders } from "../../common/contract/http";
import { batch, dbErrorMessage, type Db, type ResultOf, type Statement } from "./db";
import { AppError } from "./errors";
import { firstRow } from "./sql-names";
import { idempotencyKeys as keys } from "./tables";
import { validate } from "./validation";

type Read = Awaited<ReturnType<typeof batch>>;

/** What a write batch did: ran (read its results), or lost the key to an identical request that ran first. */
export type Written = { read: Read } | { earlier: string };

/**
 * A create that a client may retry with an Idempotency-Key. The first request claims the key for the id
 * of what it creates, inside its own write batch; a retry finds the claim and is answered with that
 * thing (read back as it is now) and creates nothing. The claim's primary key (user, scope, key) fails
 * a second claim, and with it the whole batch, so of two identical requests in flight at once only one
 * stores anything; the other then answers with what the first stored. The same key with another
 * request is refused.
 *
 * A route folds `lookup` into its first round trip, asks `earlier` once the caller's access holds, and
 * runs its write batch through `write`: still two round trips (a request that loses a race takes one
 * more, to read the winner's claim).
 */
export type Idempotency = {
  /** For the first batch: the caller's claim of the key, if any (none without a key). */
  lookup: Statement[];
  /** The id the key was claimed for by an earlier request, or null to go on and create. */
  earlier(read: Read): string | null;
  /** A rate limit's subject for the first batch: null for a retry of a create already made, which costs no budget. */
  ifNew(subject: SQLWrapper): SQLWrapper;
  /** The write batch with the claim of the key for `resourceId` in front of it. */
  write(userId: string, resourceId: string, statements: Statement[]): Promise<Written>;
};

/** Reads the Idempotency-Key header of an idempotent endpoint: `c.req.valid("header")["idempotency-key"]`. */
export const idempotencyKey = () => validate("header", idempotencyHeaders);

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const reused = () =>
  new AppError(
    "VALIDATION_FAILED",
    "This Idempotency-Key was already used for a different request. Send a new key for a new request.",
    {
      issues: [{ path: "idempotency-key", message: "Already used for a different request" }],
    },
  );

const isClaimConflict = (error: unknown) => {
  const message = dbErrorMessage(error);
  return message.includes("UNIQUE") && message.includes("idempotency_keys");
};

/**
 * `scope` names the endpoint (its route), `request` is everything that makes the request what it is
 * (path parameters and validated body), and `owner` is the caller's id as the first batch can read it
 * (the session's user id as SQL, when that batch is also the session lookup).
 */
export async function idempotency(
  db: Db,
  opts: { key: string | undefined; scope: string; request: unknown; owner: string | SQLWrapper },
): Promise<Idempotency> {
  const { key, scope } = opts;
  if (!key) {
    return {
      lookup: [],
      earlier: () => null,
      ifNew: (subject) => subject,
      write: async (_userId, _resourceId, statements) => ({ read: await batch(db, statements) }),
    };
  }
  const hash = await sha256(JSON.stringify([scope, opts.request]));
  const claimed = (owner: string | SQLWrapper) => and(eq(keys.userId, owner), eq(keys.scope, scope), eq(keys.key, key));
  const claimOf = (owner: string | SQLWrapper) =>
    firstRow(db.select({ requestHash: keys.requestHash, resourceId: keys.resourceId }).from(keys).where(claimed(owner)));
  const resourceOf = (claim: ResultOf<ReturnType<typeof claimOf>>) => {
    if (!claim) return null;
    if (claim.requestHash !== hash) throw reused();
    return claim.resourceId;
  };
  const lookup = claimOf(opts.owner);
  return {
    lookup: [lookup],
    earlier: (read) => resourceOf(read(lookup)),
    ifNew: (subject) => sql`(select ${subject} where not exists (select 1 from ${keys} where ${claimed(opts.owner)}))`,
    async write(userId, resourceId, statements) {
      const claim = db.insert(keys).values({ userId, scope, key, requestHash: hash, resourceId, createdAt: Date.now() });
      try {
        return { read: await batch(db, [claim, ...statements]) };
      } catch (error) {
        if (!isClaimConflict(error)) throw error;
        const earlier = resourceOf(await claimOf(userId));
        if (!earlier) throw error;
        return { earlier };
      }
    },
  };
}
