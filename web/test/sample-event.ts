import type { CalendarEvent } from "../../common/contract/calendar";

const HOUR = 3_600_000;

/** An event as the calendar endpoints answer it, an hour long, starting two days from now unless told. */
export function sampleEvent(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  const start = overrides.startTime ?? Date.now() + 48 * HOUR;
  return {
    id: "e1",
    communityId: "c_1",
    name: "Photo walk in Sololaki",
    description: null,
    location: "Sololaki, Tbilisi",
    startTime: start,
    endTime: start + HOUR,
    timeZone: "Asia/Tbilisi",
    eventType: "Meetup",
    imageUrl: null,
    eventUrl: null,
    attendeesCount: 2,
    attending: false,
    attendees: [],
    createdBy: null,
    ...overrides,
  };
}
