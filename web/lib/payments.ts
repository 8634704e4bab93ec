import { queryOptions } from "@tanstack/react-query";
import { call } from "./api";

/**
 * Query keys and reads of the payment screens. In the core because more than one feature shows them:
 * the join screens (communities) list the saved cards, the payment settings (payments) manage them.
 */
export const paymentKeys = {
  all: () => ["payments"] as const,
  methods: () => ["payments", "methods"] as const,
  subscriptions: () => ["payments", "subscriptions"] as const,
  order: (id: string) => ["payments", "order", id] as const,
};

/** The saved cards, with the card-entry mode (direct: our form; hosted: Flitt's page) beside them. */
export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.methods(),
    queryFn: ({ signal }) => call("GET /api/payments/methods", { signal }),
  });

export const subscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.subscriptions(),
    queryFn: async ({ signal }) => (await call("GET /api/payments/subscriptions", { signal })).items,
  });

/** Where an order stands, read again while a 3-D Secure challenge is open. */
export const fetchOrder = (id: string) => call("GET /api/payments/orders/:id", { params: { id } });
