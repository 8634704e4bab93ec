import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { CalendarEvent, EventList } from "../../../common/contract/calendar";
import type { EventFilter } from "../../../common/contract/enums";
import { newId } from "../../../common/ids";
import { zonedTime } from "../../../common/time-zone";
import { addMember, call, createCommunity, createUser, expectError, uploadImage, type TestUser } from "../../../tests/factories";
import { openD1TestDb } from "../../../tests/test-db-d1";
import { parseQueryStats } from "../../lib/query-count";
import { communityEventList, eventWindow } from "./events.queries";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const one = async <T>(sql: string, ...params: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...params)
      .first<{ n: T }>()
  )?.n;

const roundTrips = (res: Response) => parseQueryStats(res.headers.get("server-timing"))?.roundTrips;

async function world() {
  const owner = await createUser({ name: "Owner Olga" });
  const admin = await createUser({ name: "Admin Ada" });
  const moderator = await createUser({ name: "Moderator Mo" });
  const member = await createUser({ name: "Member Mary" });
  const outsider = await createUser({ name: "Outsider" });
  const community = await createCommunity(owner.user.id);
  await addMember(community.id, admin.user.id, "admin");
  await addMember(community.id, moderator.user.id, "moderator");
  await addMember(community.id, member.user.id);
  return { owner, admin, moderator, member, outsider, community };
}

const valid = () => ({
  name: "Founders breakfast",
  location: "Fabrika, Tbilisi",
  startTime: Date.now() + 2 * DAY,
  timeZone: "Asia/Tbilisi",
  eventType: "Meetup",
});
const createEvent = (u: TestUser | null, communityId: string, body: object) =>
  call(`/api/communities/${communityId}/events`, { body, cookie: u?.cookie });
async function event(u: TestUser, communityId: string, body: object = {}) {
  const res = await createEvent(u, communityId, { ...valid(), ...body });
  expect(res.status).toBe(201);
  return ((await res.json()) as { event: CalendarEvent }).event;
}
const list = async (u: TestUser, communityId: string, query = "") =>
  (await (await call(`/api/communities/${communityId}/events${query}`, { cookie: u.cookie })).json()) as EventList;
const attend = (u: TestUser, eventId: string, method = "POST") =>
  call(`/api/events/${eventId}/attend`, { method, cookie: u.cookie });

describe("creating events", () => {
  it("lets the owner and admins create events with the spec's fields, an hour long by default, and tells the members", async () => {
    const w = await world();
    const image = await uploadImage(w.owner.cookie, "event_image");
    const start = Date.now() + DAY;
    const created = await event(w.owner, w.community.id, {
      startTime: start,
      description: "Coffee and demos",
      imageUrl: image,
      eventUrl: "https://meet.example.com/breakfast",
    });
    expect(created).toMatchObject({
      name: "Founders breakfast",
      location: "Fabrika, Tbilisi",
      startTime: start,
      endTime: start + HOUR,
      timeZone: "Asia/Tbilisi",
      eventType: "Meetup",
      imageUrl: image,
      eventUrl: "https://meet.example.com/breakfast",
      attendeesCount: 0,
      attending: false,
      createdBy: { fullName: "Owner Olga" },
    });
    await event(w.admin, w.community.id, { startTime: start, endTime: start + 3 * HOUR });
    expect(await one("select events_count as n from communities where id = ?", w.community.id)).toBe(2);
    const told = (userId: string) =>
      one<number>(
        "select count(*) as n from notifications where recipient_id = ? and type = 'EVENT_CREATED' and event_id = ?",
        userId,
        created.id,
      );
    expect(await told(w.member.user.id)).toBe(1);
    expect(await told(w.admin.user.id)).toBe(1);
    expect(await told(w.owner.user.id)).toBe(0);
    expect(await told(w.outsider.user.id)).toBe(0);
    // Time-ordered UUIDv7 ids, like every other id, so the bell's keyset order holds.
    const ids = await env.DB.prepare("select id from notifications where type = 'EVENT_CREATED' and event_id = ?")
      .bind(created.id)
      .all<{ id: string }>();
    expect(ids.results.length).toBeGreaterThan(0);
    for (const { id } of ids.results) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it.each([
    ["a member", "member", 403],
    ["a moderator", "moderator", 403],
    ["a non-member", "outsider", 404],
  ] as const)("refuses an event from %s and writes nothing", async (_n, who, status) => {
    const w = await world();
    await expectError(await createEvent(w[who], w.community.id, valid()), status);
    expect(await one("select count(*) as n from community_events where community_id = ?", w.community.id)).toBe(0);
    expect(
      await one("select count(*) as n from notifications where type = 'EVENT_CREATED' and community_id = ?", w.community.id),
    ).toBe(0);
  });

  it("asks guests to sign in", async () => {
    const w = await world();
    await expectError(await createEvent(null, w.community.id, valid()), 401);
    await expectError(await call(`/api/communities/${w.community.id}/events`), 401);
  });

  it.each([
    ["no name", { name: "  " }, "name", "Event name is required"],
    ["a name over 100", { name: "n".repeat(101) }, "name", "Event name must be at most 100 characters"],
    ["no location", { location: "" }, "location", "Event location is required"],
    ["an end before the start", { endTime: Date.now() }, "endTime", "End time must be after the start time"],
    ["an event longer than 14 days", { endTime: Date.now() + 20 * DAY }, "endTime", "An event can last at most 14 days"],
    ["an unknown zone", { timeZone: "Mars/Olympus" }, "timeZone", "Unknown time zone (use one like Asia/Tbilisi)"],
    [
      "an unknown type",
      { eventType: "Party" },
      "eventType",
      "Type must be one of Workshop, Meetup, Conference, Webinar, Course, Other",
    ],
    ["a plain http link", { eventUrl: "http://meet.example.com" }, "eventUrl", "Event link must start with https://"],
    ["a script link", { eventUrl: "javascript:alert(1)" }, "eventUrl", "Event link must start with https://"],
    ["an image from elsewhere", { imageUrl: "https://evil.test/x.png" }, "imageUrl", "Images must be uploaded first"],
    [
      "someone else's image",
      { imageUrl: "/files/event_image/0190c6a4-0000-7000-8000-000000000009.png" },
      "imageUrl",
      "Images must be uploaded first",
    ],
  ] as const)("refuses %s with a field issue and writes nothing", async (_n, patch, path, message) => {
    const w = await world();
    const error = await expectError(await createEvent(w.owner, w.community.id, { ...valid(), ...patch }), 422);
    expect(error.error.issues).toContainEqual({ path, message });
    expect(await one("select count(*) as n from community_events where community_id = ?", w.community.id)).toBe(0);
  });

  it("takes a name of exactly 100 characters", async () => {
    const w = await world();
    expect((await event(w.owner, w.community.id, { name: "n".repeat(100) })).name).toHaveLength(100);
  });

  it("is read-only in an archived community", async () => {
    const w = await world();
    const e = await event(w.owner, w.community.id);
    await env.DB.prepare("update communities set archived = 1 where id = ?").bind(w.community.id).run();
    await expectError(await createEvent(w.owner, w.community.id, valid()), 409, "READ_ONLY");
    await expectError(await attend(w.member, e.id), 409, "READ_ONLY");
    expect((await list(w.member, w.community.id)).readOnly).toBe(true);
  });
});

describe("attending", () => {
  it("attends and un-attends once each, counted, with the first attendees' faces", async () => {
    const w = await world();
    const e = await event(w.owner, w.community.id);
    const first = await attend(w.member, e.id);
    expect(await first.json()).toEqual({ eventId: e.id, attending: true, attendeesCount: 1 });
    expect(roundTrips(first)).toBe(2);
    expect((await attend(w.member, e.id)).status).toBe(200);
    await attend(w.admin, e.id);
    const seen = (await list(w.member, w.community.id)).events[0]!;
    expect(seen).toMatchObject({ attending: true, attendeesCount: 2 });
    expect(seen.attendees.map((a) => a.fullName)).toEqual(["Member Mary", "Admin Ada"]);
    const left = await attend(w.member, e.id, "DELETE");
    expect(await left.json()).toEqual({ eventId: e.id, attending: false, attendeesCount: 1 });
    expect(await one("select attendees_count as n from community_events where id = ?", e.id)).toBe(1);
  });

  it("answers 404 for unknown events and other communities' events", async () => {
    const w = await world();
    const e = await event(w.owner, w.community.id);
    await expectError(await attend(w.member, "nope"), 404);
    await expectError(await attend(w.outsider, e.id), 404);
    expect(await one("select count(*) as n from event_attendees where event_id = ?", e.id)).toBe(0);
  });
});

describe("add to calendar", () => {
  it("gives members the event as an .ics file, and nobody else", async () => {
    const w = await world();
    const start = Date.UTC(2030, 0, 15, 15, 30);
    const e = await event(w.owner, w.community.id, {
      name: "Pitch; night, with demos",
      startTime: start,
      description: "Line one\nLine two",
      eventUrl: "https://meet.example.com/x",
    });
    const res = await call(`/ics/events/${e.id}`, { cookie: w.member.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Pitch; night, with demos.ics"; filename*=UTF-8''Pitch%3B%20night%2C%20with%20demos.ics`,
    );
    const ics = await res.text();
    expect(ics).toContain("BEGIN:VEVENT\r\n");
    expect(ics).toContain("DTSTART:20300115T153000Z\r\n");
    expect(ics).toContain("DTEND:20300115T163000Z\r\n");
    expect(ics).toContain("SUMMARY:Pitch\\; night\\, with demos\r\n");
    expect(ics).toContain("DESCRIPTION:Line one\\nLine two\r\n");
    expect(ics.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    await expectError(await call(`/ics/events/${e.id}`, { cookie: w.outsider.cookie }), 404);
    await expectError(await call(`/ics/events/${e.id}`), 401);
  });
});

describe("the personal calendar feed", () => {
  it("serves the events a person attends to calendar apps without a session, until the link is replaced or revoked", async () => {
    const w = await world();
    const going = await event(w.owner, w.community.id, { name: "Going" });
    await event(w.owner, w.community.id, { name: "Not going" });
    await attend(w.member, going.id);
    expect(await (await call("/api/me/calendar-feed", { cookie: w.member.cookie })).json()).toEqual({ active: false });

    const made = await call("/api/me/calendar-feed", { method: "POST", cookie: w.member.cookie });
    const { url } = (await made.json()) as { url: string };
    const path = new URL(url).pathname;
    expect(path).toMatch(/^\/ics\/feed\/[A-Za-z0-9_-]{43}$/);
    const token = path.split("/").pop()!;
    // Only the hash is kept.
    expect(await one("select count(*) as n from calendar_feeds where token_hash = ?", token)).toBe(0);
    expect(await (await call("/api/me/calendar-feed", { cookie: w.member.cookie })).json()).toEqual({ active: true });

    const feed = await call(path);
    expect(feed.status).toBe(200);
    const ics = await feed.text();
    expect(ics).toContain("SUMMARY:Going\r\n");
    expect(ics).not.toContain("Not going");

    // A member who leaves the community loses its events from the feed.
    await env.DB.prepare("delete from community_members where community_id = ? and profile_id = ?")
      .bind(w.community.id, w.member.user.id)
      .run();
    expect(await (await call(path)).text()).not.toContain("SUMMARY:Going");

    const replaced = (await (await call("/api/me/calendar-feed", { method: "POST", cookie: w.member.cookie })).json()) as {
      url: string;
    };
    await expectError(await call(path), 404);
    expect((await call(new URL(replaced.url).pathname)).status).toBe(200);
    await call("/api/me/calendar-feed", { method: "DELETE", cookie: w.member.cookie });
    await expectError(await call(new URL(replaced.url).pathname), 404);
    await expectError(await call("/ics/feed/not-a-token"), 422);
  });
});

describe("the list", () => {
  it("reads in one round trip whatever its size, upcoming by default, in start order", async () => {
    const w = await world();
    const now = Date.now();
    await event(w.owner, w.community.id, { name: "Later", startTime: now + 3 * DAY });
    await event(w.owner, w.community.id, { name: "Sooner", startTime: now + DAY });
    await env.DB.prepare(
      "insert into community_events (id, community_id, name, location, start_time, end_time, created_at, updated_at) values (?, ?, 'Past', 'x', ?, ?, ?, ?)",
    )
      .bind(newId(), w.community.id, now - 3 * DAY, now - 3 * DAY + HOUR, now, now)
      .run();
    const res = await call(`/api/communities/${w.community.id}/events`, { cookie: w.member.cookie });
    expect(roundTrips(res)).toBe(1);
    const body = (await res.json()) as EventList;
    expect(body.events.map((e) => e.name)).toEqual(["Sooner", "Later"]);
    expect(body.canManage).toBe(false);
    expect((await list(w.member, w.community.id, "?filter=all")).events.map((e) => e.name)).toEqual(["Past", "Sooner", "Later"]);
    expect((await list(w.owner, w.community.id)).canManage).toBe(true);
  });

  it.each([
    ["filter=soon", "filter"],
    ["tz=Nowhere/Land", "tz"],
    ["month=2026-13", "month"],
  ])("refuses %s", async (query, path) => {
    const w = await world();
    const error = await expectError(
      await call(`/api/communities/${w.community.id}/events?${query}`, { cookie: w.member.cookie }),
      422,
    );
    expect(error.error.issues?.[0]?.path).toBe(path);
  });
});

describe("filters in the viewer's time zone", () => {
  const db = openD1TestDb();
  const TBILISI = "Asia/Tbilisi";
  // Sunday 22 November 2026, 23:30 in Tbilisi (UTC+4) is 19:30 UTC, still Sunday in UTC.
  const sundayNight = zonedTime(TBILISI, 2026, 11, 22, 23, 30);

  async function names(communityId: string, viewerId: string, filter: EventFilter, zone: string, now: number, month?: string) {
    const rows = await communityEventList(db, communityId, eventWindow(filter, zone, now, month), { id: viewerId });
    return rows.map((r) => r.name);
  }

  async function calendarWorld() {
    const owner = await createUser();
    const community = await createCommunity(owner.user.id);
    const at = (name: string, start: number) =>
      env.DB.prepare(
        "insert into community_events (id, community_id, name, location, start_time, end_time, time_zone, created_at, updated_at) values (?, ?, ?, 'x', ?, ?, ?, ?, ?)",
      ).bind(newId(), community.id, name, start, start + HOUR, TBILISI, start, start);
    await env.DB.batch([
      at("Sunday 23:30", sundayNight),
      at("Saturday 10:00", zonedTime(TBILISI, 2026, 11, 28, 10, 0)),
      at("Next Monday 09:00", zonedTime(TBILISI, 2026, 11, 30, 9, 0)),
      at("December 1st", zonedTime(TBILISI, 2026, 12, 1, 0, 30)),
    ]);
    return { ownerId: owner.user.id, communityId: community.id };
  }

  it("counts 23:30 on a Sunday in Tbilisi as that Sunday's 'today' and in its week", async () => {
    const { ownerId, communityId } = await calendarWorld();
    const sundayNoon = zonedTime(TBILISI, 2026, 11, 22, 12, 0);
    expect(await names(communityId, ownerId, "today", TBILISI, sundayNoon)).toEqual(["Sunday 23:30"]);
    expect(await names(communityId, ownerId, "thisWeek", TBILISI, sundayNoon)).toEqual(["Sunday 23:30", "Saturday 10:00"]);
  });

  it("moves it out of 'today' and 'thisWeek' once Monday starts in Tbilisi, though it is still Sunday in UTC", async () => {
    const { ownerId, communityId } = await calendarWorld();
    const mondayEarly = zonedTime(TBILISI, 2026, 11, 23, 1, 0);
    expect(new Date(mondayEarly).getUTCDay()).toBe(0);
    expect(await names(communityId, ownerId, "today", TBILISI, mondayEarly)).toEqual([]);
    expect(await names(communityId, ownerId, "today", "UTC", mondayEarly)).toEqual(["Sunday 23:30"]);
    // Seven calendar days from today's start: Monday 23 to Sunday 29 in Tbilisi, Sunday 22 to Saturday 28 in UTC.
    expect(await names(communityId, ownerId, "thisWeek", TBILISI, mondayEarly)).toEqual(["Saturday 10:00"]);
    expect(await names(communityId, ownerId, "thisWeek", "UTC", mondayEarly)).toEqual(["Sunday 23:30", "Saturday 10:00"]);
    // Upcoming is about the end: the Sunday event ended at 00:30 Monday, before 01:00.
    expect(await names(communityId, ownerId, "upcoming", TBILISI, mondayEarly)).not.toContain("Sunday 23:30");
  });

  it("gives a month of the grid in the viewer's zone", async () => {
    const { ownerId, communityId } = await calendarWorld();
    // 00:30 on 1 December in Tbilisi is still 30 November in UTC.
    expect(await names(communityId, ownerId, "all", TBILISI, sundayNight, "2026-12")).toEqual(["December 1st"]);
    expect(await names(communityId, ownerId, "all", "UTC", sundayNight, "2026-12")).toEqual([]);
    expect(await names(communityId, ownerId, "all", "UTC", sundayNight, "2026-11")).toHaveLength(4);
  });
});
