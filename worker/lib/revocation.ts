import { sql, type SQL } from "drizzle-orm";
import type { Db } from "./db";
import { selectAs, type SelectAsRow } from "./sql-names";
import { conversationParticipants as cp, conversations as cv } from "./tables";

/** See `revoke` in commit.ts: whose access to a community a write ends. */
export type RevokeEffect = {
  effect: "revoke";
  communityId: string;
  /** null: everyone but `keep`. */
  userIds: readonly string[] | null;
  keep: readonly string[];
  /** Whether the write really ended it, read in the batch after its statements (default: it did). */
  onlyIf?: SQL;
};

const fields = (effect: RevokeEffect) => ({
  applies: sql<0 | 1>`(${effect.onlyIf ?? sql`1`})`,
  // The community's group chats the people were in (all of them when everyone loses access).
  conversationIds: sql<string | null>`(select group_concat(${cv.id}) from ${cv}
    where ${cv.communityId} = ${effect.communityId} and ${cv.type} = 'group'
      ${
        effect.userIds === null
          ? sql``
          : sql`and exists (select 1 from ${cp} where ${cp.conversationId} = ${cv.id}
              and ${cp.userId} in (${sql.join(
                effect.userIds.map((id) => sql`${id}`),
                sql`, `,
              )}))`
      })`,
});

export type RevocationRow = SelectAsRow<ReturnType<typeof fields>>;

/** The one-row read a revocation needs from the batch it rides in: whether it applies, and which rooms. */
export const revocationStatement = (db: Db, effect: RevokeEffect) =>
  db.all<RevocationRow>(sql`select ${selectAs(fields(effect))}`);
