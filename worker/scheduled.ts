import type { AppEnv } from "./env";
import { purgeDueAccounts } from "./features/account/purge";
import { sendBroadcasts } from "./features/broadcasts/send";
import { sendEventReminders } from "./features/calendar/reminders";
import { deliverNotificationMail } from "./features/notifications/mail-delivery";
import { cleanUp } from "./features/maintenance/cleanup";
import { rollUpMetrics } from "./features/metrics/rollup";
import { runPaymentJobs } from "./features/payments/renewals";
import { log } from "../common/log";
import { openDb } from "./lib/db";

/** The cron entry point; each job is independent so one failure does not stop the others. */
export async function scheduled(controller: ScheduledController, env: AppEnv, _ctx: ExecutionContext) {
  const db = openDb(env);
  const jobs: [string, () => Promise<unknown>][] = [
    ["cleanup", () => cleanUp(db)],
    ["event-reminders", () => sendEventReminders(env, db)],
    ["payments", () => runPaymentJobs(env, db)],
    ["account-purge", () => purgeDueAccounts(env, db)],
    ["metrics", () => rollUpMetrics(db, controller.scheduledTime)],
    ["broadcasts", () => sendBroadcasts(env, db, controller.scheduledTime)],
    // After the jobs that notify, so their notifications' mails go out in the same run.
    ["notification-mail", () => deliverNotificationMail(env, db, controller.scheduledTime)],
  ];
  for (const [name, job] of jobs) {
    try {
      const result = await job();
      log("info", "cron job done", { job: name, result });
    } catch (error) {
      log("error", "cron job failed", { job: name, reason: String(error) });
    }
  }
}
