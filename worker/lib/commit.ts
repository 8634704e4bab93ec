import type { SQL } from "drizzle-orm";
import type { Context } from "hono";
import { newId } from "../../common/ids";
import type { AppEnv, HonoEnv } from "../env";
import { batch, type Db, type Statement } from "./db";
import type { Idempotency, Written } from "./idempotency";
import { notificationsByIds, toWritten, type notificationsWhere, type WrittenNotificationRow } from "./notification-rows";
import { notificationInsert, type NewNotification } from "./notify";
import { awardStatements, reversalStatements, type Award } from "./points";
import { revocationStatement, type RevokeEffect } from "./revocation";
import { revokeCommunityAccess, roomCalls, sendRoomCalls, type Frame, type Revocation } from "./rooms";

/**
 * The one write path. A feature describes a write: its own statements and, in order among them, the
 * effects they imply for the rest of the product (points earned or taken back, notifications with their
 * mail), plus the frames its rooms get once it has committed. This module turns the effects into
 * statements, runs everything in one batch (one round trip, atomic), then reads the written
 * notifications back in that same batch and sends each room at most one message with every frame the
 * write produced for it. Features never reach points, notifications or realtime on their own.
 */

/** Points for one person, guarded by `onlyIf` (e.g. `changes() = 1` of the insert just before it). */
export type AwardEffect = { effect: "award"; award: Omit<Award, "levelUpId">; onlyIf?: SQL };
/** Every award whose source matches `sources` (over `pe`) taken back; goes before the sources' delete. */
export type ReverseEffect = { effect: "reverse"; communityId: string; sources: SQL };
/** One notification (none for one's own action), read back and pushed to its recipient's open tabs. */
export type NotifyEffect = { effect: "notify"; notification: NewNotification };
/**
 * A set-based notification write (a community-wide fan-out, a chat's recipients): its statements and
 * the statement that reads back what they wrote, as `notificationsByIds` reads rows.
 */
export type NotifyManyEffect = {
  effect: "notify-many";
  statements: Statement[];
  readBack: ReturnType<typeof notificationsWhere>;
};

export type { RevokeEffect };

export type Effect = AwardEffect | ReverseEffect | NotifyEffect | NotifyManyEffect | RevokeEffect;
export type Step = Statement | Effect;

export type Read = Awaited<ReturnType<typeof batch>>;

export type Write = {
  /** Statements and effects, in the order they run. */
  steps: readonly (Step | null | false | undefined)[];
  /** What the rooms are sent once the batch has committed, from what it read. */
  frames?: (read: Read) => readonly (Frame | null | false | undefined)[];
};

export const award = (a: AwardEffect["award"], onlyIf?: SQL): AwardEffect => ({ effect: "award", award: a, onlyIf });
export const reverse = (communityId: string, sources: SQL): ReverseEffect => ({ effect: "reverse", communityId, sources });
export const notify = (notification: NewNotification): NotifyEffect => ({ effect: "notify", notification });
export const notifyMany = (statements: Statement[], readBack: NotifyManyEffect["readBack"]): NotifyManyEffect => ({
  effect: "notify-many",
  statements,
  readBack,
});

/**
 * Access to a community ends for `userIds` (null: everyone but its owner) with this write: once it has
 * committed, their sockets in the community's room and group chats close and their tabs are told.
 * `onlyIf` (SQL, read in the batch) says whether the write really ended it (a removal that found the member).
 */
export const revoke = (
  communityId: string,
  userIds: readonly string[] | null,
  options: { keep?: readonly string[]; onlyIf?: SQL } = {},
): RevokeEffect => ({
  effect: "revoke",
  communityId,
  userIds,
  keep: options.keep ?? [],
  onlyIf: options.onlyIf,
});

const isEffect = (step: Step): step is Effect => typeof (step as { effect?: unknown }).effect === "string";

/** A write made ready to run: its statements, what to send once they ran, and whose access it ended. */
export type Planned = { statements: Statement[]; frames(read: Read): Frame[]; revocations(read: Read): Revocation[] };

/** Expands a write's effects into statements (in place, so guards like `changes()` see their neighbour). */
export function plan(db: Db, write: Write): Planned {
  const statements: Statement[] = [];
  const notificationIds: string[] = [];
  const readBacks: NotifyManyEffect["readBack"][] = [];
  const pointsMoved = new Set<string>();
  const revokes: { effect: RevokeEffect; statement: ReturnType<typeof revocationStatement> }[] = [];
  for (const step of write.steps) {
    if (!step) continue;
    if (!isEffect(step)) {
      statements.push(step);
      continue;
    }
    switch (step.effect) {
      case "award": {
        // A level reached by this award is announced by a notification with an id known now, so the
        // read-back finds it when it was written.
        const levelUpId = newId();
        notificationIds.push(levelUpId);
        statements.push(...awardStatements(db, { ...step.award, levelUpId }, step.onlyIf));
        pointsMoved.add(step.award.communityId);
        break;
      }
      case "reverse":
        statements.push(...reversalStatements(db, step.communityId, step.sources));
        pointsMoved.add(step.communityId);
        break;
      case "notify": {
        const insert = notificationInsert(db, step.notification);
        if (insert) {
          notificationIds.push(insert.id);
          statements.push(...insert.statements);
        }
        break;
      }
      case "notify-many":
        statements.push(...step.statements);
        readBacks.push(step.readBack);
        break;
      case "revoke": {
        // Read where it stands, so it sees what the statements before it did (a membership just deleted).
        const statement = revocationStatement(db, step);
        revokes.push({ effect: step, statement });
        statements.push(statement);
        break;
      }
    }
  }
  if (notificationIds.length > 0) readBacks.unshift(notificationsByIds(db, notificationIds));
  statements.push(...readBacks);
  return {
    statements,
    frames: (read) => [
      ...(write.frames?.(read) ?? []).filter((f): f is Frame => !!f),
      ...[...pointsMoved].map((id): Frame => ({ room: "community", id, event: { type: "points.changed" } })),
      ...readBacks.flatMap((statement) => notificationFrames(read(statement))),
    ],
    revocations: (read) =>
      revokes.flatMap(({ effect, statement }): Revocation[] => {
        const [row] = read(statement);
        if (!row || row.applies !== 1) return [];
        return [
          {
            communityId: effect.communityId,
            userIds: effect.userIds,
            keep: effect.keep,
            conversationIds: row.conversationIds ? row.conversationIds.split(",") : [],
          },
        ];
      }),
  };
}

/** Each recipient's open tabs get the new rows, then their unread count as the batch left it. */
function notificationFrames(rows: WrittenNotificationRow[]): Frame[] {
  const written = toWritten(rows);
  const unread = new Map(written.map((w) => [w.recipientId, w.unread]));
  return [
    ...written.map(({ recipientId, item }): Frame => ({
      room: "user",
      id: recipientId,
      event: { type: "notification.created", notification: item },
    })),
    ...[...unread].map(([id, count]): Frame => ({ room: "user", id, event: { type: "notification.unread", count } })),
  ];
}

/** Where a write runs: a request (frames go out after the answer), or a job that waits for them. */
export type Committer = Context<HonoEnv> | { db: Db; env: AppEnv };

/**
 * Sends a committed write's frames: after the answer for a request (counted in its Server-Timing), at
 * once for a job.
 */
async function send(at: Committer, frames: Frame[], revocations: Revocation[] = []): Promise<void> {
  const calls = roomCalls(frames);
  const env = at.env;
  // Sockets whose access ended close first: no frame of this write reaches them.
  const run = async () => {
    await Promise.all(revocations.map((r) => revokeCommunityAccess(env, r)));
    await sendRoomCalls(env, calls);
  };
  if (!("req" in at)) {
    await run();
    return;
  }
  const stats = at.get("queryStats");
  if (stats) stats.roomCalls += calls.length + revocations.length;
  at.executionCtx.waitUntil(run());
}

/** Runs a write in one batch and sends its frames; answers the batch's reader. */
export async function commit(at: Committer, write: Write): Promise<Read> {
  const db = "req" in at ? at.var.db : at.db;
  const planned = plan(db, write);
  const read = await batch(db, planned.statements);
  await send(at, planned.frames(read), planned.revocations(read));
  return read;
}

/**
 * `commit` for a create a client may retry with an Idempotency-Key: the batch goes through the key's
 * claim, and a retry that finds the first request's work sends nothing.
 */
export async function commitOnce(
  c: Context<HonoEnv>,
  once: Idempotency,
  claim: { userId: string; resourceId: string },
  write: Write,
): Promise<Written> {
  const planned = plan(c.var.db, write);
  const written = await once.write(claim.userId, claim.resourceId, planned.statements);
  if ("read" in written) await send(c, planned.frames(written.read), planned.revocations(written.read));
  return written;
}
