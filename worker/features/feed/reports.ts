import type { Context } from "hono";
import { newId } from "../../../common/ids";
import type { HonoEnv } from "../../env";
import { AppError } from "../../lib/errors";

type Report = {
  reporterId: string;
  communityId: string | null;
  targetKind: "post" | "comment" | "message";
  targetId: string;
  reason: string;
};

/** Files a report into the staff and community-admin queues; one per person and target. */
export async function fileReport(c: Context<HonoEnv>, report: Report) {
  const id = newId();
  const inserted = await c.env.DB.prepare(
    `insert into reports (id, reporter_id, community_id, target_kind, target_id, reason, status, created_at)
     values (?, ?, ?, ?, ?, ?, 'open', ?) on conflict do nothing returning id`,
  )
    .bind(id, report.reporterId, report.communityId, report.targetKind, report.targetId, report.reason, Date.now())
    .first();
  if (!inserted) throw new AppError("CONFLICT", "You have already reported this.");
  return { reportId: id };
}
