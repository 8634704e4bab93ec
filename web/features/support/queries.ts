import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { call } from "../../lib/api";

/** The member's own tickets: the list and each thread, under one prefix so a new ticket or reply refreshes both. */
export const supportKeys = {
  all: () => ["support"] as const,
  contact: () => ["support-contact"] as const,
  tickets: () => ["support", "tickets"] as const,
  ticket: (id: string) => ["support", "ticket", id] as const,
};

export const myTicketsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: supportKeys.tickets(),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => call("GET /api/support/tickets", { query: { cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.nextCursor,
  });

export const myTicketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: supportKeys.ticket(id),
    queryFn: ({ signal }) => call("GET /api/support/tickets/:id", { params: { id }, signal }),
  });

/** How to reach support besides a ticket, as the deployment configures it; it changes only with a deploy. */
export const supportContactQueryOptions = () =>
  queryOptions({
    queryKey: supportKeys.contact(),
    queryFn: ({ signal }) => call("GET /api/support/contact", { signal }),
    staleTime: Infinity,
  });
