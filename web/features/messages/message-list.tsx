import { useQueryClient } from "@tanstack/react-query";
import { Fragment, useCallback, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { call } from "../../lib/api";
import { toast } from "../../lib/toast";
import { MESSAGES_PAGE_SIZE } from "../../../common/contract/limits";
import type { ChatMessage } from "../../../common/contract/conversations";
import { applyOlderPage, oldestSeq, type ChatHistory } from "./chat-history";
import { updateHistory } from "./chat-cache";
import { dayLabel, dayStart } from "./day-label";
import { MessageBubble, type BubbleProps } from "./message-bubble";
import type { OutgoingMessage } from "./use-outbox";

/** Older messages load when the reader comes this close to the top. */
const LOAD_OLDER_WITHIN_PX = 200;
const AT_BOTTOM_WITHIN_PX = 80;

type MessageListProps = Omit<BubbleProps, "message" | "showSender" | "seen" | "outgoing" | "onImageLoad"> & {
  conversationId: string;
  history: ChatHistory;
  outgoing: OutgoingMessage[];
  isGroup: boolean;
  /** The id of the own message that shows "seen". */
  seenId: string | null;
  label: string;
};

function asMessage(o: OutgoingMessage, conversationId: string, me: BubbleProps["me"]): ChatMessage {
  return {
    id: o.id,
    conversationId,
    seq: Number.MAX_SAFE_INTEGER,
    version: 0,
    sender: { id: me, fullName: "", avatarUrl: null },
    content: o.content,
    messageType: o.file ? "image" : "text",
    fileUrl: o.fileUrl,
    replyTo: o.replyTo,
    reactions: [],
    isEdited: false,
    isDeleted: false,
    createdAt: o.createdAt,
    updatedAt: o.createdAt,
  };
}

/**
 * The history, newest at the bottom. Reading near the top loads the page before, and the view keeps the
 * message the reader was looking at where it was; new messages scroll in only for a reader at the bottom.
 */
export function MessageList({ conversationId, history, outgoing, isGroup, seenId, label, ...bubble }: MessageListProps) {
  const { t, i18n } = useTranslation("messages");
  const qc = useQueryClient();
  const ref = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const loading = useRef(false);

  const held = new Set(history.messages.map((m) => m.id));
  const pending = outgoing.filter((o) => !held.has(o.id));
  const items = [...history.messages, ...pending.map((o) => asMessage(o, conversationId, bubble.me))];
  const outgoingById = new Map(pending.map((o) => [o.id, o]));
  const firstId = items[0]?.id;
  const lastId = items.at(-1)?.id;

  const loadOlder = async () => {
    const before = oldestSeq(history);
    const el = ref.current;
    if (loading.current || !history.hasOlder || before === null || !el) return;
    loading.current = true;
    setLoadingOlder(true);
    anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    try {
      const page = await call("GET /api/conversations/:conversationId/messages", {
        params: { conversationId },
        query: { before, limit: MESSAGES_PAGE_SIZE },
      });
      // Nothing prepended: no layout change to compensate for later.
      if (page.items.length === 0) anchor.current = null;
      updateHistory(qc, conversationId, (h) => applyOlderPage(h, page.items, page.hasMore));
    } catch {
      anchor.current = null;
      toast({ title: t("toast.loadMessagesFailed"), variant: "destructive" });
    } finally {
      loading.current = false;
      setLoadingOlder(false);
    }
  };

  const keepBottom = useCallback(() => {
    const el = ref.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, []);

  // Before paint, so neither a prepended page nor a new message makes the view jump.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (anchor.current) {
      el.scrollTop = anchor.current.top + (el.scrollHeight - anchor.current.height);
      anchor.current = null;
    } else if (atBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [firstId, lastId, items.length]);

  // Sending scrolls to the bottom even for someone reading older messages.
  const ownPending = pending.length;
  useLayoutEffect(() => {
    if (ownPending > 0) {
      atBottom.current = true;
      keepBottom();
    }
  }, [ownPending, keepBottom]);

  return (
    <div
      ref={ref}
      role="region"
      aria-label={label}
      tabIndex={0}
      style={{ overflowAnchor: "none" }}
      className="flex-1 overflow-y-auto px-3 py-4 outline-none focus-visible:ring-2 focus-visible:ring-ring sm:px-4"
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < AT_BOTTOM_WITHIN_PX;
        if (el.scrollTop < LOAD_OLDER_WITHIN_PX) void loadOlder();
      }}
    >
      {history.hasOlder && (
        <div className="mb-3 flex justify-center">
          <Button size="sm" variant="ghost" onClick={() => void loadOlder()} disabled={loadingOlder}>
            {loadingOlder && <Spinner size="sm" decorative />}
            {loadingOlder ? t("chat.loadingOlder") : t("chat.loadOlder")}
          </Button>
        </div>
      )}
      {items.length === 0 ? (
        <p className="py-10 text-center text-sm text-muted-foreground">{t("chat.empty")}</p>
      ) : (
        <ol className="space-y-3">
          {items.map((message, i) => {
            const previous = items[i - 1];
            const newDay = !previous || dayStart(previous.createdAt) !== dayStart(message.createdAt);
            return (
              <Fragment key={message.id}>
                {newDay && <DayLine at={message.createdAt} locale={i18n.language} />}
                <MessageBubble
                  {...bubble}
                  message={message}
                  outgoing={outgoingById.get(message.id)}
                  showSender={isGroup && (newDay || previous?.sender?.id !== message.sender?.id)}
                  seen={message.id === seenId}
                  onImageLoad={keepBottom}
                />
              </Fragment>
            );
          })}
        </ol>
      )}
    </div>
  );
}

const localDate = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

/** Where a new day starts in the history: a heading-like line, read out in order by a screen reader. */
function DayLine({ at, locale }: { at: number; locale: string }) {
  return (
    <li className="flex items-center gap-3 py-1 text-xs font-medium text-muted-foreground">
      <span className="h-px flex-1 bg-border" aria-hidden="true" />
      <time dateTime={localDate(at)}>{dayLabel(at, locale)}</time>
      <span className="h-px flex-1 bg-border" aria-hidden="true" />
    </li>
  );
}
