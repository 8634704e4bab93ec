import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { resizeImage } from "../../lib/images/resize";
import { uploadImage } from "../../lib/images/upload";
import { useErrorMessage } from "../../lib/errors";
import { isOffline, queueCall, usePendingWrites, type PendingWrite } from "../../lib/offline/outbox";
import { toast } from "../../lib/toast";
import { newId } from "../../../common/ids";
import type { ChatMessage } from "../../../common/contract/conversations";
import { putMessages } from "./chat-cache";
import { messageBody, type SendInput } from "./chat-mutations";
import { conversationKeys } from "./queries";

/** A message this tab is sending: shown at once, kept with its id until the server has it. */
export type OutgoingMessage = {
  id: string;
  content: string;
  file: File | null;
  preview: string | null;
  /** Set once the image is uploaded, so a retry does not upload it again. */
  fileUrl: string | null;
  /** Upload progress in percent while the image goes up. */
  progress: number | null;
  replyTo: ChatMessage["replyTo"];
  /** "queued": written offline, waiting in the outbox to be sent once the browser is online. */
  status: "sending" | "failed" | "queued";
  createdAt: number;
};

export type Draft = { content: string; file: File | null; replyTo: ChatMessage | null };

class UploadFailed extends Error {}

const pendingMessagesScope = (conversationId: string) => `messages:${conversationId}`;

function queuedMessage(write: PendingWrite): OutgoingMessage {
  const body = write.body as ReturnType<typeof messageBody>;
  return {
    id: write.id,
    content: body.content,
    file: null,
    preview: null,
    fileUrl: body.fileUrl,
    progress: null,
    replyTo: null,
    status: "queued",
    createdAt: write.createdAt,
  };
}

/** `deliver` sends one message (through the chat's room when it is open: use-chat-live.ts). */
export function useOutbox(conversationId: string, deliver: (input: SendInput) => Promise<ChatMessage>) {
  const { t } = useTranslation("messages");
  const qc = useQueryClient();
  const errorMessage = useErrorMessage();
  const [sending, setOutgoing] = useState<OutgoingMessage[]>([]);
  const held = useRef(new Map<string, OutgoingMessage>());
  const queued = usePendingWrites(pendingMessagesScope(conversationId));
  // A message handed to the outbox is in both lists between the outbox's write and `drop`: shown once.
  const outgoing = useMemo(() => {
    const here = new Set(sending.map((m) => m.id));
    return [...sending, ...queued.filter((w) => !here.has(w.id)).map(queuedMessage)];
  }, [sending, queued]);

  const patch = useCallback((id: string, change: Partial<OutgoingMessage>) => {
    const current = held.current.get(id);
    if (!current) return;
    const next = { ...current, ...change };
    held.current.set(id, next);
    setOutgoing((list) => list.map((m) => (m.id === id ? next : m)));
  }, []);

  const drop = useCallback((id: string) => {
    const current = held.current.get(id);
    if (current?.preview) URL.revokeObjectURL(current.preview);
    held.current.delete(id);
    setOutgoing((list) => list.filter((m) => m.id !== id));
  }, []);

  const run = useCallback(
    async (id: string) => {
      const message = held.current.get(id);
      if (!message) return;
      patch(id, { status: "sending" });
      try {
        let fileUrl = message.fileUrl;
        if (message.file && !fileUrl) {
          patch(id, { progress: 0 });
          try {
            const blob = await resizeImage(message.file);
            fileUrl = (await uploadImage(blob, { purpose: "chat_attachment", onProgress: (progress) => patch(id, { progress }) }))
              .url;
            patch(id, { fileUrl, progress: null });
          } catch (err) {
            patch(id, { progress: null });
            toast({ title: t("toast.uploadFailed", { reason: errorMessage(err) }), variant: "destructive" });
            throw new UploadFailed();
          }
        }
        const input: SendInput = { id, content: message.content, fileUrl, replyToId: message.replyTo?.id ?? null };
        // Offline, the message waits in the outbox (kept across reloads) and goes out on reconnect.
        if (isOffline()) {
          await queueCall(qc, "POST /api/conversations/:conversationId/messages", {
            id,
            params: { conversationId },
            body: messageBody(input),
            scope: pendingMessagesScope(conversationId),
            refresh: [[...conversationKeys.history(conversationId)], [...conversationKeys.lists()]],
          });
          drop(id);
          return;
        }
        const saved = await deliver(input);
        putMessages(qc, conversationId, [saved]);
        drop(id);
      } catch (err) {
        patch(id, { status: "failed" });
        if (!(err instanceof UploadFailed)) {
          toast({ title: t("toast.sendFailed"), description: errorMessage(err), variant: "destructive" });
        }
      }
    },
    [conversationId, qc, patch, drop, t, errorMessage, deliver],
  );

  const send = useCallback(
    (draft: Draft) => {
      const id = newId();
      const message: OutgoingMessage = {
        id,
        content: draft.content,
        file: draft.file,
        preview: draft.file ? URL.createObjectURL(draft.file) : null,
        fileUrl: null,
        progress: null,
        replyTo: draft.replyTo
          ? {
              id: draft.replyTo.id,
              senderName: draft.replyTo.sender?.fullName ?? null,
              content: draft.replyTo.content,
              messageType: draft.replyTo.messageType,
              isDeleted: draft.replyTo.isDeleted,
            }
          : null,
        status: "sending",
        createdAt: Date.now(),
      };
      held.current.set(id, message);
      setOutgoing((list) => [...list, message]);
      void run(id);
    },
    [run],
  );

  return { outgoing, send, retry: run, discard: drop };
}
