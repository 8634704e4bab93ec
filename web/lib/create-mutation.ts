import { useMutation, type UseMutationOptions } from "@tanstack/react-query";
import { shouldRetry } from "./query-client";

/** One key per user action: TanStack hands every retry of a mutation the same variables object. */
const keys = new WeakMap<object, string>();

/** 128 random bits; getRandomValues, unlike randomUUID, also exists on plain-http origins. */
const randomKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

function actionKey(variables: object): string {
  let key = keys.get(variables);
  if (!key) {
    key = randomKey();
    keys.set(variables, key);
  }
  return key;
}

/**
 * A create the server stores once per Idempotency-Key (the endpoints the contract marks idempotent).
 * The key is made when the user acts (one `mutate`) and sent again by every retry of that action, so a
 * retry after a lost answer gets the first answer instead of storing a second post. That is what makes
 * retrying a create safe, so creates, unlike other mutations, retry network failures and 5xx as queries do.
 */
export function useCreateMutation<TData, TVariables extends object, TContext = unknown>(
  options: Omit<UseMutationOptions<TData, Error, TVariables, TContext>, "mutationFn" | "retry"> & {
    mutationFn: (variables: TVariables, idempotencyKey: string) => Promise<TData>;
  },
) {
  const { mutationFn, ...rest } = options;
  return useMutation({
    ...rest,
    retry: shouldRetry,
    mutationFn: (variables: TVariables) => mutationFn(variables, actionKey(variables)),
  });
}
