import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { newId } from "../../../common/ids";
import { closeAll, connect } from "../../../party/test-socket";
import { addMember, createCommunity, createUser } from "../../../tests/factories";

const HOUR = 3_600_000;

const runCron = (now: number) =>
  (exports.default as unknown as Required<ExportedHandler>).scheduled(
    { cron: "*/15 * * * *", scheduledTime: now, noRetry() {} } as ScheduledController,
    env,
    {} as ExecutionContext,
  );

const reminders = async (userId: string, eventId: string) =>
  (await env.DB.prepare(
    "select count(*) as n from notifications where recipient_id = ? and event_id = ? and type = 'EVENT_REMINDER'",
  )
    .bind(userId, eventId)
    .first<{ n: number }>())!.n;

async function eventStarting(inMs: number) {
  const owner = await createUser();
  const attendee = await createUser();
  const absent = await createUser();
  const community = await createCommunity(owner.user.id);
  await addMember(community.id, attendee.user.id);
  await addMember(community.id, absent.user.id);
  const id = newId();
  const start = Date.now() + inMs;
  await env.DB.batch([
    env.DB.prepare(
      "insert into community_events (id, community_id, name, location, start_time, end_time, created_at, updated_at) values (?, ?, 'Demo night', 'Tbilisi', ?, ?, ?, ?)",
    ).bind(id, community.id, start, start + HOUR, Date.now(), Date.now()),
    env.DB.prepare("insert into event_attendees (event_id, profile_id, created_at) values (?, ?, ?)").bind(
      id,
      attendee.user.id,
      Date.now(),
    ),
  ]);
  return {
    id,
    attendee: attendee.user.id,
    attendeeEmail: attendee.user.email,
    attendeeCookie: attendee.cookie,
    absent: absent.user.id,
  };
}

afterEach(closeAll);

describe("event reminders", () => {
  it("are pushed live to the attendee's open tabs and e-mailed by the same run", async () => {
    const e = await eventStarting(HOUR / 2);
    const tab = await connect(`/parties/user-room/${e.attendee}`, { cookie: e.attendeeCookie });
    await tab.next("welcome");
    await runCron(Date.now());
    const pushed = await tab.next("notification.created", (m) => m.notification.type === "EVENT_REMINDER");
    expect(pushed.notification).toMatchObject({ eventId: e.id, content: "Demo night" });
    const mail = await env.DB.prepare("select subject from mail_outbox where \"to\" = ? and kind = 'notification'")
      .bind(e.attendeeEmail)
      .first<{ subject: string }>();
    expect(mail?.subject).toBe("An event you're attending starts soon");
  });

  it("reminds attendees a day ahead, once however often the cron runs, and again an hour ahead, once", async () => {
    const e = await eventStarting(20 * HOUR);
    const now = Date.now();
    await runCron(now);
    await runCron(now);
    expect(await reminders(e.attendee, e.id)).toBe(1);
    expect(await reminders(e.absent, e.id)).toBe(0);
    await env.DB.prepare("update community_events set start_time = ? where id = ?")
      .bind(now + HOUR / 2, e.id)
      .run();
    await runCron(now);
    await runCron(now);
    expect(await reminders(e.attendee, e.id)).toBe(2);
  });

  it("sends only the hour's reminder to an event that is already in its last hour", async () => {
    const e = await eventStarting(HOUR / 2);
    await runCron(Date.now());
    await runCron(Date.now());
    expect(await reminders(e.attendee, e.id)).toBe(1);
  });

  it("does not remind of events further than a day away or already started", async () => {
    const later = await eventStarting(30 * HOUR);
    const started = await eventStarting(-HOUR / 2);
    await runCron(Date.now());
    expect(await reminders(later.attendee, later.id)).toBe(0);
    expect(await reminders(started.attendee, started.id)).toBe(0);
  });
});
