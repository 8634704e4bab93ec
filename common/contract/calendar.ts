import { z } from "zod";
import { isTimeZone } from "../time-zone";
import { eventFilters, eventTypes } from "./enums";
import { endpoint, idParam } from "./http";
import { EVENT_DESCRIPTION_MAX, EVENT_LENGTH_MAX, EVENT_LOCATION_MAX, EVENT_NAME_MAX, EVENT_URL_MAX } from "./limits";
import { multiLine, singleLine } from "./text";

/** The calendar: a community's events, attending them, and creating them (spec 001 sections 2 to 9). */

const timeZone = z.string({ error: "Time zone is required" }).refine(isTimeZone, "Unknown time zone (use one like Asia/Tbilisi)");

const instant = (label: string) =>
  z
    .number({ error: `${label} must be a time` })
    .int(`${label} must be a time`)
    .min(Date.UTC(2000, 0, 1), `${label} must be a time`)
    .max(Date.UTC(2100, 0, 1), `${label} must be a time`);

export const eventsQuery = z.object({
  filter: z.enum(eventFilters, { error: `Filter must be one of ${eventFilters.join(", ")}` }).default("upcoming"),
  /** The viewer's zone: 'today' and the month are the viewer's own. */
  tz: timeZone.default("UTC"),
  /** A month of the grid ("2026-11"): its events instead of the filter's. */
  month: z
    .string()
    .regex(/^(20\d\d|2100)-(0[1-9]|1[0-2])$/, "Month must look like 2026-11")
    .optional(),
});

export const eventBody = z
  .object({
    name: singleLine("Event name", { max: EVENT_NAME_MAX, required: "Event name is required" }),
    description: multiLine("Description", { max: EVENT_DESCRIPTION_MAX, min: 0 })
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
    location: singleLine("Event location", { max: EVENT_LOCATION_MAX, required: "Event location is required" }),
    startTime: instant("Start time"),
    endTime: instant("End time").nullable().optional(),
    timeZone,
    eventType: z.enum(eventTypes, { error: `Type must be one of ${eventTypes.join(", ")}` }).default("Other"),
    imageUrl: z
      .string()
      .regex(/^\/files\/event_image\/[0-9a-f-]{36}\.(jpg|png|webp|gif)$/, "Images must be uploaded first")
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    eventUrl: z
      .string()
      .trim()
      .max(EVENT_URL_MAX, `Event link must be at most ${EVENT_URL_MAX} characters`)
      .refine((v) => v === "" || /^https:\/\/[^\s/$.?#][^\s]*$/i.test(v), "Event link must start with https://")
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((b, ctx) => {
    if (b.endTime == null) return;
    if (b.endTime <= b.startTime)
      ctx.addIssue({ code: "custom", path: ["endTime"], message: "End time must be after the start time" });
    else if (b.endTime - b.startTime > EVENT_LENGTH_MAX)
      ctx.addIssue({ code: "custom", path: ["endTime"], message: "An event can last at most 14 days" });
  });
export type EventBody = z.output<typeof eventBody>;

export const communityParams = z.object({ id: idParam });
export const eventParams = z.object({ eventId: idParam });
/** The secret of a personal calendar feed (43 URL-safe characters). */
export const feedParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "Not a calendar feed link") });

const person = z.object({ id: z.string(), fullName: z.string(), avatarUrl: z.string().nullable() });

export const calendarEvent = z.object({
  id: z.string(),
  communityId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  location: z.string(),
  startTime: z.number(),
  endTime: z.number(),
  timeZone: z.string(),
  eventType: z.enum(eventTypes),
  imageUrl: z.string().nullable(),
  eventUrl: z.string().nullable(),
  attendeesCount: z.number(),
  attending: z.boolean(),
  /** The first few attendees, for the avatars beside the count. */
  attendees: z.array(person),
  createdBy: person.nullable(),
});
export type CalendarEvent = z.output<typeof calendarEvent>;

export const eventList = z.object({
  events: z.array(calendarEvent),
  /** Owner and admins: Create Event. */
  canManage: z.boolean(),
  readOnly: z.boolean(),
});
export type EventList = z.output<typeof eventList>;

/** Whether the person has a feed link; the link itself is shown once, when it is made (only its hash is kept). */
const calendarFeedState = z.object({ active: z.boolean() });
const calendarFeedLink = z.object({ url: z.string() });

const attendance = z.object({ eventId: z.string(), attending: z.boolean(), attendeesCount: z.number() });

export const calendar = {
  listEvents: endpoint("GET", "/api/communities/:id/events", {
    params: communityParams,
    query: eventsQuery,
    response: eventList,
  }),
  createEvent: endpoint("POST", "/api/communities/:id/events", {
    params: communityParams,
    body: eventBody,
    response: z.object({ event: calendarEvent }),
    status: 201,
  }),
  attend: endpoint("POST", "/api/events/:eventId/attend", { params: eventParams, response: attendance }),
  unattend: endpoint("DELETE", "/api/events/:eventId/attend", { params: eventParams, response: attendance }),
  calendarFeed: endpoint("GET", "/api/me/calendar-feed", { response: calendarFeedState }),
  /** A new link; the old one stops working. */
  newCalendarFeed: endpoint("POST", "/api/me/calendar-feed", { response: calendarFeedLink }),
  revokeCalendarFeed: endpoint("DELETE", "/api/me/calendar-feed", { response: calendarFeedState }),
};
