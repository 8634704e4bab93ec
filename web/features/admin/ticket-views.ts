import type { TicketQueueFilter } from "../../../common/contract/enums";

/** The ticket queue's search (filter and the open ticket), apart from the page so the route's check does not pull it in. */
export type TicketsSearch = { status?: Exclude<TicketQueueFilter, "open">; ticket?: string };

export function validateTicketsSearch(search: Record<string, unknown>): TicketsSearch {
  const status = search.status === "closed" ? "closed" : undefined;
  const ticket = typeof search.ticket === "string" && /^[\w-]{1,64}$/.test(search.ticket) ? search.ticket : undefined;
  return { ...(status ? { status } : {}), ...(ticket ? { ticket } : {}) };
}
