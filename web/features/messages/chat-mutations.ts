import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api";
import { patch } from "../../lib/cache-write";
import type { ChatMessage, Reaction } from "../../../common/contract/conversations";
import type { ReactionEmoji } from "../../../common/contract/enums";
import { putMessages, updateHistory } from "./chat-cache";
import { conversationKeys } from "./queries";

export type SendInput = {
  id: string;
  content: string;
  fileUrl: string | null;
  replyToId: string | null;
};

export function messageBody(input: SendInput) {
  return {
    id: input.id,
    content: input.content,
    messageType: input.fileUrl ? ("image" as const) : ("text" as const),
    fileUrl: input.fileUrl,
    replyToId: input.replyToId,
  };
}

/** The id is the sender's own, so sending the same input again is the same message, never a second one. */
export function sendMessage(conversationId: string, input: SendInput): Promise<ChatMessage> {
  return call("POST /api/conversations/:conversationId/messages", {
    params: { conversationId },
    body: messageBody(input),
  }).then((r) => r.message);
}

export function useEditMessage(conversationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: string; content: string }) =>
      call("PATCH /api/messages/:messageId", { params: { messageId: id }, body: { content } }),
    onSuccess: ({ message }) => putMessages(qc, conversationId, [message]),
  });
}

export function useDeleteMessage(conversationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call("DELETE /api/messages/:messageId", { params: { messageId: id } }),
    onSuccess: ({ message }) => putMessages(qc, conversationId, [message]),
  });
}

/** The chip as it looks after the viewer's choice, so the tap shows at once. */
export function toggleReaction(
  reactions: Reaction[],
  emoji: string,
  active: boolean,
  me: { id: string; fullName: string },
): Reaction[] {
  const current = reactions.find((r) => r.emoji === emoji);
  const had = !!current?.users.some((u) => u.id === me.id);
  if (had === active) return reactions;
  if (!current) return [...reactions, { emoji, count: 1, users: [me] }];
  const next = active
    ? patch(current, { count: current.count + 1, users: [...current.users, me] })
    : patch(current, { count: current.count - 1, users: current.users.filter((u) => u.id !== me.id) });
  return next.count > 0 ? reactions.map((r) => (r.emoji === emoji ? next : r)) : reactions.filter((r) => r.emoji !== emoji);
}

export function useReact(conversationId: string, me: { id: string; fullName: string }) {
  const qc = useQueryClient();
  const key = conversationKeys.history(conversationId);
  return useMutation({
    mutationFn: ({ message, emoji, active }: { message: ChatMessage; emoji: ReactionEmoji; active: boolean }) =>
      call("POST /api/messages/:messageId/reactions", { params: { messageId: message.id }, body: { emoji, active } }),
    onMutate: async ({ message, emoji, active }) => {
      await qc.cancelQueries({ queryKey: key });
      const toggled = (reactions: Reaction[]) => toggleReaction(reactions, emoji, active, me);
      updateHistory(qc, conversationId, (h) =>
        patch(h, {
          messages: h.messages.map((m) => (m.id === message.id ? patch(m, { reactions: toggled(m.reactions) }) : m)),
        }),
      );
      return { before: message };
    },
    onError: (_err, _vars, context) => {
      // The held copy goes back, unless a newer version arrived meanwhile.
      if (context) {
        updateHistory(qc, conversationId, (h) =>
          patch(h, {
            messages: h.messages.map((m) =>
              m.id === context.before.id && m.version === context.before.version ? context.before : m,
            ),
          }),
        );
      }
    },
    onSuccess: ({ message }) => putMessages(qc, conversationId, [message]),
  });
}

export function useReportMessage() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      call("POST /api/messages/:messageId/report", { params: { messageId: id }, body: { reason } }),
  });
}
