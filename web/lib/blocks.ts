import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "./api";

/**
 * Blocking people, from wherever a person is shown (the settings list, a chat, a profile): one query
 * and two mutations, so every place reads the same list. A block changes what many screens show
 * (posts, comments, chats, people to message), so both mutations refetch everything.
 */
export const blockKeys = { list: () => ["blocks"] as const };

export const blockedPeopleQueryOptions = () =>
  queryOptions({
    queryKey: blockKeys.list(),
    queryFn: async ({ signal }) => (await call("GET /api/me/blocks", { signal })).items,
  });

export function useBlockPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => call("PUT /api/users/:userId/block", { params: { userId } }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export function useUnblockPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => call("DELETE /api/users/:userId/block", { params: { userId } }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
