import { queryOptions } from "@tanstack/react-query";
import { call } from "../../lib/api";

/** The billing history and its receipts: reads of the payer's own, under the payments keys. */
export const receiptsQueryOptions = () =>
  queryOptions({
    queryKey: ["payments", "receipts"] as const,
    queryFn: async ({ signal }) => (await call("GET /api/payments/receipts", { signal })).items,
  });

export const receiptQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["payments", "receipts", id] as const,
    queryFn: ({ signal }) => call("GET /api/payments/receipts/:id", { params: { id }, signal }),
  });
