import { z } from "zod";
import { ticketCategories, ticketPriorities, ticketQueueFilters, ticketStatuses } from "./enums";
import { cursorParam, endpoint, idParam, limitParam, page } from "./http";
import { TICKET_MESSAGE_MAX, TICKET_SUBJECT_MAX, TICKETS_PAGE_MAX, TICKETS_PAGE_SIZE } from "./limits";
import { multiLine, singleLine } from "./text";

/**
 * Help and support (spec 001): members open tickets from /support and follow their threads there;
 * staff answer them from the queue at /admin/tickets.
 */

export const ticketParams = z.object({ id: idParam });

/** The contact form: name and e-mail are not sent, the server takes them from the profile. */
export const createTicketBody = z.object({
  subject: singleLine("Subject", { max: TICKET_SUBJECT_MAX }),
  message: multiLine("Message", { max: TICKET_MESSAGE_MAX }),
  priority: z.enum(ticketPriorities, { error: `Priority must be one of ${ticketPriorities.join(", ")}` }).default("medium"),
  category: z.enum(ticketCategories, { error: `Category must be one of ${ticketCategories.join(", ")}` }).default("general"),
});

export const ticketReplyBody = z.object({ message: multiLine("Message", { max: TICKET_MESSAGE_MAX }) });

/** Staff close a ticket or open it again. */
export const ticketStatusBody = z.object({
  status: z.enum(["open", "closed"], { error: "Status must be open or closed" }),
});

export const ownTicketsQuery = z.object({ cursor: cursorParam, limit: limitParam(TICKETS_PAGE_MAX, TICKETS_PAGE_SIZE) });
export const ticketQueueQuery = ownTicketsQuery.extend({
  status: z.enum(ticketQueueFilters, { error: "Status must be open or closed" }).default("open"),
});

export const ticketSummary = z.object({
  id: z.string(),
  subject: z.string(),
  priority: z.enum(ticketPriorities),
  category: z.enum(ticketCategories),
  status: z.enum(ticketStatuses),
  repliesCount: z.number(),
  createdAt: z.number(),
  lastActivityAt: z.number(),
});
export type TicketSummary = z.output<typeof ticketSummary>;

/** In the staff queue: who sent it, as the profile said when they did. */
export const queuedTicket = ticketSummary.extend({ name: z.string(), email: z.string() });
export type QueuedTicket = z.output<typeof queuedTicket>;

export const ticketReply = z.object({
  id: z.string(),
  message: z.string(),
  fromStaff: z.boolean(),
  /** Null once the writer's account is gone. */
  author: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  createdAt: z.number(),
});
export type TicketReply = z.output<typeof ticketReply>;

export const ticketDetail = queuedTicket.extend({ message: z.string(), replies: z.array(ticketReply) });
export type TicketDetail = z.output<typeof ticketDetail>;

const replied = z.object({ reply: ticketReply, status: z.enum(ticketStatuses) });

/** How to reach the support team besides a ticket, as the deployment configures it; null = not offered. */
export const supportContact = z.object({
  email: z.string().nullable(),
  /** As it is shown; dialled without its spaces. */
  phone: z.string().nullable(),
});
export type SupportContact = z.output<typeof supportContact>;

export const support = {
  contact: endpoint("GET", "/api/support/contact", { response: supportContact }),
  create: endpoint("POST", "/api/support/tickets", {
    body: createTicketBody,
    response: z.object({ ticket: ticketSummary }),
    status: 201,
  }),
  mine: endpoint("GET", "/api/support/tickets", { query: ownTicketsQuery, response: page(ticketSummary) }),
  get: endpoint("GET", "/api/support/tickets/:id", { params: ticketParams, response: ticketDetail }),
  reply: endpoint("POST", "/api/support/tickets/:id/replies", {
    params: ticketParams,
    body: ticketReplyBody,
    response: replied,
    status: 201,
  }),
  queue: endpoint("GET", "/api/admin/tickets", { query: ticketQueueQuery, response: page(queuedTicket) }),
  staffGet: endpoint("GET", "/api/admin/tickets/:id", { params: ticketParams, response: ticketDetail }),
  staffReply: endpoint("POST", "/api/admin/tickets/:id/replies", {
    params: ticketParams,
    body: ticketReplyBody,
    response: replied,
    status: 201,
  }),
  setStatus: endpoint("PATCH", "/api/admin/tickets/:id", {
    params: ticketParams,
    body: ticketStatusBody,
    response: z.object({ id: z.string(), status: z.enum(ticketStatuses) }),
  }),
};
