import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Lock } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../components/load-error";
import { useDocumentTitle } from "../../components/page";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Spinner } from "../../components/ui/spinner";
import { useErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import type { ChatMessage } from "../../../common/contract/conversations";
import { newestSeqFromOthers } from "./chat-history";
import { useDeleteMessage, useEditMessage, useReact } from "./chat-mutations";
import { ChatHeader } from "./chat-header";
import { Composer, type ComposerHandle } from "./composer";
import { MessageList } from "./message-list";
import { conversationQueryOptions, historyQueryOptions } from "./queries";
import { ReportMessageDialog } from "./report-message-dialog";
import { TypingLine } from "./typing-line";
import { useChatLive } from "./use-chat-live";
import { useMarkRead } from "./use-mark-read";
import { useOutbox } from "./use-outbox";

/** /chat/{id}: one conversation, live. */
export function ChatScreen({ conversationId, me }: { conversationId: string; me: { id: string; fullName: string } }) {
  const { t } = useTranslation("messages");
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const detail = useQuery(conversationQueryOptions(conversationId));
  const history = useQuery(historyQueryOptions(conversationId));
  const live = useChatLive(conversationId, me.id, detail.isSuccess);
  const outbox = useOutbox(conversationId, live.sendMessage);
  const edit = useEditMessage(conversationId);
  const remove = useDeleteMessage(conversationId);
  const react = useReact(conversationId, me);
  const composer = useRef<ComposerHandle>(null);
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);
  const [reporting, setReporting] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const conversation = detail.data;
  const messages = history.data?.messages ?? [];
  const title =
    conversation?.title || (conversation?.type === "group" ? t("chat.groupChat") : conversation ? t("common.unknownUser") : "");
  useDocumentTitle(title || null);
  useMarkRead(conversationId, history.data ? newestSeqFromOthers(history.data, me.id) : 0, !!conversation && !!history.data);

  // The spec: a conversation that cannot be loaded sends the reader back to the list.
  useEffect(() => {
    if (!detail.isError) return;
    toast({ title: t("toast.loadConversationFailed"), description: errorMessage(detail.error), variant: "destructive" });
    void navigate({ to: "/messages", replace: true });
  }, [detail.isError, detail.error, navigate, t, errorMessage]);

  // The room closed us for good (blocked, removed from the group): the conversation says what is left.
  const refetchDetail = detail.refetch;
  useEffect(() => {
    if (live.state === "closed") void refetchDetail();
  }, [live.state, refetchDetail]);

  useEffect(() => {
    if (history.isError) toast({ title: t("toast.loadMessagesFailed"), variant: "destructive" });
  }, [history.isError, t]);

  // Messages from others that arrive while the chat is open are read out once.
  const last = messages.at(-1);
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!last) return;
    const first = announced.current === null;
    if (announced.current === last.id) return;
    announced.current = last.id;
    if (first || last.sender?.id === me.id || last.isDeleted) return;
    setAnnouncement(
      t("chat.incoming", { name: last.sender?.fullName ?? t("common.unknownUser"), text: last.content || t("message.image") }),
    );
  }, [last, me.id, t]);

  if (detail.isPending || (history.isPending && !history.isError)) {
    return (
      <div className="flex h-64 items-center justify-center">
        <Spinner label={t("chat.loading")} />
      </div>
    );
  }
  if (!conversation) return null;

  const other = conversation.participants.find((p) => p.id === conversation.otherUserId);
  const lastOwn = [...messages].reverse().find((m) => m.sender?.id === me.id);
  const seenId = conversation.type === "direct" && other && lastOwn && other.lastReadSeq >= lastOwn.seq ? lastOwn.id : null;

  return (
    <div className="-mx-4 -my-6 flex h-[calc(100dvh-6.75rem)] min-h-[22rem] flex-col overflow-hidden bg-surface sm:mx-0 sm:my-0 sm:h-[calc(100dvh-12rem)] sm:rounded-2xl sm:border sm:border-border">
      <ChatHeader conversation={conversation} title={title} connection={live.state} online={live.online} />
      {history.data ? (
        <MessageList
          conversationId={conversationId}
          history={history.data}
          outgoing={outbox.outgoing}
          isGroup={conversation.type === "group"}
          seenId={seenId}
          label={t("chat.history", { name: title })}
          me={me.id}
          canWrite={conversation.canWrite}
          onAction={(action, message) => {
            if (action === "reply") {
              setReplyTo(message);
              composer.current?.focus();
            } else if (action === "delete") setDeleting(message);
            else setReporting(message.id);
          }}
          onReact={(message, emoji, active) =>
            react.mutate(
              { message, emoji, active },
              {
                onError: (err) =>
                  toast({ title: t("toast.reactFailed"), description: errorMessage(err), variant: "destructive" }),
              },
            )
          }
          onEdit={async (message, content) => {
            try {
              await edit.mutateAsync({ id: message.id, content });
              return true;
            } catch (err) {
              toast({ title: t("toast.editFailed"), description: errorMessage(err), variant: "destructive" });
              void history.refetch();
              return false;
            }
          }}
          onRetry={(id) => void outbox.retry(id)}
          onDiscard={outbox.discard}
        />
      ) : (
        <LoadError
          variant="plain"
          className="flex-1 justify-center"
          message={t("toast.loadMessagesFailed")}
          retryLabel={t("common.tryAgain")}
          onRetry={() => void history.refetch()}
        />
      )}
      <TypingLine ids={live.typingIds} participants={conversation.participants} />
      <div className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      {conversation.canWrite ? (
        <Composer
          ref={composer}
          replyTo={replyTo}
          onCancelReply={() => setReplyTo(null)}
          onTyping={(active) => live.send({ type: "typing", active })}
          onSend={(draft) => {
            outbox.send(draft);
            setReplyTo(null);
          }}
        />
      ) : (
        <p className="flex items-center gap-2 border-t border-border bg-muted px-4 py-3 text-sm text-muted-foreground">
          <Lock className="h-4 w-4 shrink-0" aria-hidden="true" />
          {t("chat.readOnly")}
        </p>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("delete.title")}
        description={t("delete.confirm")}
        confirmLabel={t("delete.action")}
        destructive
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast({ title: t("toast.deleted"), variant: "success" });
              setDeleting(null);
            },
            onError: (err) => {
              toast({ title: t("toast.deleteFailed"), description: errorMessage(err), variant: "destructive" });
              setDeleting(null);
            },
          });
        }}
      />
      <ReportMessageDialog messageId={reporting} onClose={() => setReporting(null)} />
    </div>
  );
}
