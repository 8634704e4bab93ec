import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { calendar } from "../../../common/contract/calendar";
import { EVENT_DEFAULT_LENGTH } from "../../../common/contract/limits";
import { newId } from "../../../common/ids";
import { assertWritable, memberOf } from "../../lib/access";
import { batch, type Db } from "../../lib/db";
import { forbidden } from "../../lib/errors";
import { canManage } from "../../lib/permissions";
import { assertUnderLimit, hitStatement, rateLimitRules } from "../../lib/rate-limit";
import { respond } from "../../lib/respond";
import { ownUpload, assertOwnUpload } from "../../lib/own-upload";
import { route } from "../../lib/route";
import { sessionToken, sessionUserId } from "../../lib/session";
import { commit, notifyMany } from "../../lib/commit";
import { deliver } from "../../lib/notification-delivery";
import { eventNotifications } from "../../lib/notification-rows";
import { preview } from "../../lib/notify";
import { bare, tableAs } from "../../lib/sql-names";
import { communities, communityEvents, communityMembers } from "../../lib/tables";
import { communityEventList, eventWindow, oneEvent, toCalendarEvent } from "./events.queries";

const m = alias(communityMembers, "m");

/**
 * EVENT_CREATED to every member of the event's community but its creator, as one set-based write over
 * the membership (a community can have thousands of members), read back for the live push.
 */
const eventCreated = (db: Db, e: { eventId: string; communityId: string; senderId: string; content: string }) =>
  notifyMany(
    deliver(db, {
      now: Date.now(),
      columns: {
        recipient_id: sql`${m.profileId}`,
        sender_id: e.senderId,
        community_id: e.communityId,
        type: "EVENT_CREATED",
        content: e.content,
        event_id: e.eventId,
      },
      from: sql`from ${tableAs(m)} where ${m.communityId} = ${e.communityId} and ${m.profileId} <> ${e.senderId}`,
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
    const image = ownUpload(db, token, "event_image", body.imageUrl);
    const checks = await batch(db, [member.query, limit, ...(image ? [image] : [])]);
    const access = member.read(c, checks(member.query));
    assertWritable(access.community);
    if (!canManage(access.actor, access.community, access.membership))
      throw forbidden("Only the owner and admins can create events.");
    assertUnderLimit(rateLimitRules.posting, checks(limit));
    assertOwnUpload(image && (checks(image) ?? { n: 0 }));
    const id = newId();
    const now = Date.now();
    const user = access.user;
    const endTime = body.endTime ?? body.startTime + EVENT_DEFAULT_LENGTH;
    const created = oneEvent(db, id, { id: user.id });
    const read = await commit(c, {
      steps: [
        db.insert(communityEvents).values({
          id,
          communityId,
          name: body.name,
          description: body.description,
          location: body.location,
          startTime: body.startTime,
          endTime,
          timeZone: body.timeZone,
          eventType: body.eventType,
          createdBy: user.id,
          imageUrl: body.imageUrl,
          eventUrl: body.eventUrl,
          attendeesCount: 0,
          createdAt: now,
          updatedAt: now,
        }),
        // A template: the builder's update would also stamp the community's updated_at.
        db.run(
          sql`update ${communities} set ${bare(communities.eventsCount)} = ${communities.eventsCount} + 1 where ${communities.id} = ${communityId}`,
        ),
        eventCreated(db, { eventId: id, communityId, senderId: user.id, content: preview(body.name) }),
        created,
      ],
    });
    return respond(c, calendar.createEvent, { event: toCalendarEvent(read(created)[0]!) });
  }),
];
