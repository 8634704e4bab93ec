/** Demo events on both sides of the seed run, with attendees (user keys). */

/** Days from the seed run (negative = past) and a wall-clock time in Tbilisi (UTC+4). */
export type LocalTime = { day: number; hour: number; minute?: number };

export type SeedEvent = {
  key: string;
  community: string;
  creator: string;
  name: string;
  description: string;
  location: string;
  eventType: "Workshop" | "Meetup" | "Conference" | "Webinar" | "Course" | "Other";
  start: LocalTime;
  minutes: number;
  eventUrl: string | null;
  /** Days before the seed run that the event was created. */
  createdDaysAgo: number;
  attendees: string[];
};

export const EVENTS: SeedEvent[] = [
  {
    key: "breakfast-12",
    community: "startup",
    creator: "ana",
    name: "Founder Breakfast #12",
    description: "Coffee, khachapuri and three founders sharing one thing that went wrong this month.",
    location: "Fabrika, 8 Egnate Ninoshvili St, Tbilisi",
    eventType: "Meetup",
    start: { day: -7, hour: 8, minute: 30 },
    minutes: 90,
    eventUrl: null,
    createdDaysAgo: 21,
    attendees: ["ana", "giorgi", "luka", "dato"],
  },
  {
    key: "pitch-night",
    community: "startup",
    creator: "ana",
    name: "Pitch Night: Spring Demo Day",
    description: "Five early-stage startups pitch to a panel of local angels. Five minutes each, ten minutes of questions.",
    location: "Impact Hub Tbilisi, 2 Tabukashvili St",
    eventType: "Meetup",
    start: { day: 6, hour: 19 },
    minutes: 120,
    eventUrl: null,
    createdDaysAgo: 3,
    attendees: ["ana", "giorgi", "irakli", "mariam", "salome"],
  },
  {
    key: "angels-qa",
    community: "startup",
    creator: "ana",
    name: "Fundraising in Georgia: Q&A with local angels",
    description: "Three angel investors answer your questions about pre-seed rounds, valuations and term sheets.",
    location: "Online",
    eventType: "Webinar",
    start: { day: 13, hour: 18 },
    minutes: 60,
    eventUrl: "https://meet.jit.si/tbilisi-startup-circle-angels-qa",
    createdDaysAgo: 2,
    attendees: ["giorgi", "tamar", "irakli"],
  },
  {
    key: "module-kickoff",
    community: "frontend",
    creator: "ana",
    name: "Module 1 kickoff: Modern React",
    description: "A walk through the first module, the monthly challenge and how code reviews work.",
    location: "Online",
    eventType: "Webinar",
    start: { day: -14, hour: 19 },
    minutes: 60,
    eventUrl: "https://meet.jit.si/frontend-craft-module-1",
    createdDaysAgo: 20,
    attendees: ["mariam", "irakli", "giorgi"],
  },
  {
    key: "code-review",
    community: "frontend",
    creator: "ana",
    name: "Live code review: your React components",
    description: "Submit a component before the session; we review three of them live and refactor together.",
    location: "Online",
    eventType: "Workshop",
    start: { day: 2, hour: 19 },
    minutes: 60,
    eventUrl: "https://meet.jit.si/frontend-craft-code-review",
    createdDaysAgo: 1,
    attendees: ["giorgi", "irakli", "luka"],
  },
  {
    key: "kazbegi-25k",
    community: "runners",
    creator: "dato",
    name: "Kazbegi Trail 25K (group entry)",
    description: "We travel together on Friday evening and share two guesthouses in Stepantsminda.",
    location: "Stepantsminda, Kazbegi",
    eventType: "Other",
    start: { day: -21, hour: 7 },
    minutes: 300,
    eventUrl: null,
    createdDaysAgo: 29,
    attendees: ["ana", "dato"],
  },
  {
    key: "long-run",
    community: "runners",
    creator: "dato",
    name: "Saturday long run: Mtatsminda loop",
    description: "14 km with 600 m of climbing at a conversational pace. Nobody gets left behind.",
    location: "Vake Park main entrance, Tbilisi",
    eventType: "Meetup",
    start: { day: 3, hour: 7, minute: 30 },
    minutes: 150,
    eventUrl: null,
    createdDaysAgo: 4,
    attendees: ["dato", "ana", "salome", "tamar"],
  },
];
