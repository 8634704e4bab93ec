import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { call } from "../../lib/api";
import { clearRowUnread } from "./chat-cache";

function useTabVisible() {
  const [visible, setVisible] = useState(() => typeof document === "undefined" || document.visibilityState === "visible");
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === "visible");
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  return visible;
}

/**
 * Marks the chat read up to the newest message shown, while the tab is visible: a hidden tab has not
 * been read. The server tells the reader's other tabs, whose counts fall too.
 */
export function useMarkRead(conversationId: string, newestSeq: number, enabled: boolean) {
  const qc = useQueryClient();
  const visible = useTabVisible();
  const marked = useRef(0);

  useEffect(() => {
    marked.current = 0;
  }, [conversationId]);

  useEffect(() => {
    if (!enabled || !visible || newestSeq <= marked.current) return;
    const seq = newestSeq;
    marked.current = seq;
    call("POST /api/conversations/:conversationId/read", { params: { conversationId }, body: { seq } })
      // The answer is the reader's unread total across every conversation.
      .then(({ unreadCount }) => clearRowUnread(qc, conversationId, unreadCount))
      .catch(() => {
        // Tried again with the next message or visit.
        if (marked.current === seq) marked.current = 0;
      });
  }, [conversationId, newestSeq, visible, enabled, qc]);
}
