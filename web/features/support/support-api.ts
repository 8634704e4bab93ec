import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { call } from "../../lib/api";

/** The member's own tickets: the list and each thread, under one prefix so a new ticket or reply refreshes both. */
export const supportKeys = {
  all: () => ["support"] as const,
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
