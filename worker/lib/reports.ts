import { sql } from "drizzle-orm";
import type { Context } from "hono";
import { newId } from "../../common/ids";
import type { Endpoint } from "../../common/contract/http";
import type { HonoEnv } from "../env";
import type { Access } from "./access";
import { batch, isUniqueViolation } from "./db";
import { AppError } from "./errors";
import { idempotency } from "./idempotency";
import { sessionUserId } from "./session";
import { messages, postComments, posts, reports } from "./tables";

type Report = {
  reporterId: string;
  communityId: string | null;
  targetKind: "post" | "comment" | "message";
  targetId: string;
  /** Who wrote the reported content: the community queue shows the report only to those ranked above them. */
  targetAuthorId: string | null;
  reason: string;
};

/** The reported text as it reads now, kept with the report (read in the same statement as the insert). */
const excerptOf = (table: typeof posts | typeof postComments | typeof messages) => (id: string) =>
  sql`(select substr(${table.content}, 1, 200) from ${table} where ${table.id} = ${id})`;
const EXCERPT_OF = { post: excerptOf(posts), comment: excerptOf(postComments), message: excerptOf(messages) } as const;

/**
 * Files a report into the staff and community-admin queues; one per person and target. Two round
 * trips: the caller's access to the target (`target`, read by the caller's session `token`) with the
 * Idempotency-Key's claim, then the report; a retry with the same key answers the first report's id.
 */
export async function fileReport<Row, Found>(
  c: Context<HonoEnv>,
  opts: {
    endpoint: Endpoint;
    key: string | undefined;
    token: string;
    target: Access<Row, Found>;
    request: unknown;
    report: (found: Found) => Report;
  },
): Promise<{ reportId: string }> {
  const db = c.var.db;
  const once = await idempotency(db, {
    key: opts.key,
    scope: opts.endpoint.route,
    request: opts.request,
    owner: sessionUserId(opts.token),
  });
  const checks = await batch(db, [opts.target.query, ...once.lookup]);
  const report = opts.report(opts.target.read(c, checks(opts.target.query)));
  const earlier = once.earlier(checks);
  if (earlier) return { reportId: earlier };
  const id = newId();
  try {
    const written = await once.write(report.reporterId, id, [
      db.insert(reports).values({
        id,
        ...report,
        excerpt: EXCERPT_OF[report.targetKind](report.targetId),
        status: "open",
        createdAt: Date.now(),
      }),
    ]);
    return { reportId: "earlier" in written ? written.earlier : id };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "You have already reported this.");
    throw error;
  }
}
