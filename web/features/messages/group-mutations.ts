import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api";
import { conversationKeys, conversationQueryOptions } from "./queries";

export function useCreateGroup(communityId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; description: string | null }) =>
      call("POST /api/communities/:communityId/group-chats", { params: { communityId }, body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: conversationKeys.groupChats(communityId) });
      void qc.invalidateQueries({ queryKey: conversationKeys.lists() });
    },
  });
}

export function useJoinGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) => call("POST /api/conversations/:conversationId/join", { params: { conversationId } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: [...conversationKeys.all(), "group-chats"] });
      void qc.invalidateQueries({ queryKey: conversationKeys.lists() });
    },
  });
}

function useGroupChange() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: [...conversationKeys.all(), "group-chats"] });
    void qc.invalidateQueries({ queryKey: conversationKeys.lists() });
    void qc.invalidateQueries({ queryKey: conversationKeys.unread() });
  };
}

export function useLeaveGroup() {
  const changed = useGroupChange();
  return useMutation({
    mutationFn: (conversationId: string) => call("POST /api/conversations/:conversationId/leave", { params: { conversationId } }),
    onSuccess: changed,
  });
}

export function useRemoveGroup() {
  const changed = useGroupChange();
  return useMutation({
    mutationFn: (conversationId: string) => call("DELETE /api/conversations/:conversationId", { params: { conversationId } }),
    onSuccess: changed,
  });
}

export function useRenameGroup(conversationId: string) {
  const qc = useQueryClient();
  const changed = useGroupChange();
  return useMutation({
    mutationFn: (body: { name: string; description: string | null }) =>
      call("PATCH /api/conversations/:conversationId", { params: { conversationId }, body }),
    onSuccess: ({ conversation }) => {
      qc.setQueryData(conversationQueryOptions(conversationId).queryKey, conversation);
      changed();
    },
  });
}
