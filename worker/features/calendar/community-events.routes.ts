import { sql } from "drizzle-orm";
import { calendar } from "../../../common/contract/calendar";
import { EVENT_DEFAULT_LENGTH } from "../../../common/contract/limits";
import { newId } from "../../../common/ids";
import { assertWritable, memberOf } from "../../lib/access";
import { batch, type Db } from "../../lib/db";
import { AppError, forbidden } from "../../lib/errors";
import { canManage } from "../../lib/permissions";
import { assertUnderLimit, hitStatement, rateLimitRules } from "../../lib/rate-limit";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { sessionToken, sessionUserId } from "../../lib/session";
import { commit, notifyMany } from "../../lib/commit";
import { deliver } from "../../lib/notification-delivery";
import { eventNotifications } from "../../lib/notification-rows";
import { preview } from "../../lib/notify";
import { communityEventList, eventWindow, oneEvent, toCalendarEvent } from "./events.queries";

/** Whether the event image is the caller's own upload (null without an image). */
const ownEventImage = (token: string, imageUrl: string | null) =>
  imageUrl
    ? sql`select count(*) as n from uploads
          where owner_id = ${sessionUserId(token)} and purpose = 'event_image' and r2_key = ${imageUrl.slice("/files/".length)}`
    : null;

/**
 * EVENT_CREATED to every member of the event's community but its creator, as one set-based write over
 * the membership (a community can have thousands of members), read back for the live push.
 */
const eventCreated = (db: Db, e: { eventId: string; communityId: string; senderId: string; content: string }) =>
  notifyMany(
    deliver(db, {
      now: Date.now(),
      columns: {
        recipient_id: sql`m.profile_id`,
        sender_id: e.senderId,
        community_id: e.communityId,
        type: "EVENT_CREATED",
        content: e.content,
        event_id: e.eventId,
      },
      from: sql`from community_members m where m.community_id = ${e.communityId} and m.profile_id <> ${e.senderId}`,
    }),
    eventNotifications(db, "EVENT_CREATED", e.eventId),
  );

/** /api/communities/:id/events: the calendar's list or month, and new events. */
export const communityEventsRoutes = [
  route(calendar.listEvents, async (c) => {
    // The access row and the events with the caller's attendance: one round trip.
    const db = c.var.db;
    const token = await sessionToken(c);
    const communityId = c.req.valid("param").id;
    const { filter, tz, month } = c.req.valid("query");
    const member = memberOf(db, token, communityId);
    const list = communityEventList(db, communityId, eventWindow(filter, tz, Date.now(), month), { token });
    const read = await batch(db, [member.query, list]);
    const access = member.read(c, read(member.query));
    return respond(c, calendar.listEvents, {
      events: read(list).map(toCalendarEvent),
      canManage: canManage(access.actor, access.community, access.membership),
      readOnly: access.community.archived,
    });
  }),
  route(calendar.createEvent, async (c) => {
    // Two round trips: access, rate limit and the image's owner; then the event, its counter and
    // EVENT_CREATED to every other member, with the event read back.
    const db = c.var.db;
    const token = await sessionToken(c);
    const communityId = c.req.valid("param").id;
    const body = c.req.valid("json");
    const member = memberOf(db, token, communityId);
    const limit = hitStatement(db, rateLimitRules.posting, sessionUserId(token));
    const imageCheck = ownEventImage(token, body.imageUrl);
    const image = imageCheck ? db.get<{ n: number }>(imageCheck) : null;
    const checks = await batch(db, [member.query, limit, ...(image ? [image] : [])]);
    const access = member.read(c, checks(member.query));
    assertWritable(access.community);
    if (!canManage(access.actor, access.community, access.membership))
      throw forbidden("Only the owner and admins can create events.");
    assertUnderLimit(rateLimitRules.posting, checks(limit));
    if (image && (checks(image)?.n ?? 0) === 0)
      throw new AppError("VALIDATION_FAILED", "Some fields are not valid.", {
        issues: [{ path: "imageUrl", message: "Images must be uploaded first" }],
      });
    const id = newId();
    const now = Date.now();
    const user = access.user;
    const endTime = body.endTime ?? body.startTime + EVENT_DEFAULT_LENGTH;
    const created = oneEvent(db, id, { id: user.id });
    const read = await commit(c, {
      steps: [
        db.run(
          sql`insert into community_events (id, community_id, name, description, location, start_time, end_time, time_zone, event_type,
              created_by, image_url, event_url, attendees_count, created_at, updated_at)
            values (${id}, ${communityId}, ${body.name}, ${body.description}, ${body.location}, ${body.startTime}, ${endTime},
              ${body.timeZone}, ${body.eventType}, ${user.id}, ${body.imageUrl}, ${body.eventUrl}, 0, ${now}, ${now})`,
        ),
        db.run(sql`update communities set events_count = events_count + 1 where id = ${communityId}`),
        eventCreated(db, { eventId: id, communityId, senderId: user.id, content: preview(body.name) }),
        created,
      ],
    });
    return respond(c, calendar.createEvent, { event: toCalendarEvent(read(created)[0]!) });
  }),
];
