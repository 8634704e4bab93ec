import { QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api";
import { meKeys } from "./session";

/** A 4xx will not change by asking again, so only network failures and 5xx are retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // A 401 from any endpoint means the session ended (expired, signed out elsewhere): re-ask who we
        // are, so guards and the header stop acting as if someone were signed in.
        if (error instanceof ApiError && error.status === 401 && query.queryKey[0] !== meKeys.all()[0]) {
          void client.invalidateQueries({ queryKey: meKeys.session(), exact: true });
        }
      },
    }),
    defaultOptions: {
      // Offline, a query still asks: the service worker answers with the last copy it kept.
      queries: { staleTime: 30_000, retry: shouldRetry, networkMode: "offlineFirst" },
      mutations: { retry: false },
    },
  });
  return client;
}

export const queryClient = createQueryClient();
