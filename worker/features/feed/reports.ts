import type { Context } from "hono";
import { newId } from "../../../common/ids";
import type { HonoEnv } from "../../env";
import { AppError } from "../../lib/errors";
import { reports } from "../../lib/tables";

type Report = {
  reporterId: string;
  communityId: string | null;
  targetKind: "post" | "comment" | "message";
  targetId: string;
  /** Who wrote the reported content: the community queue shows the report only to those ranked above them. */
  targetAuthorId: string | null;
  reason: string;
};

/** Files a report into the staff and community-admin queues; one per person and target. */
export async function fileReport(c: Context<HonoEnv>, report: Report) {
  const id = newId();
  const [inserted] = await c.var.db
    .insert(reports)
    .values({ id, ...report, status: "open", createdAt: Date.now() })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  if (!inserted) throw new AppError("CONFLICT", "You have already reported this.");
  return { reportId: id };
}
