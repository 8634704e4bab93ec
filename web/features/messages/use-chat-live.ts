import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { call } from "../../lib/api";
import { useRoom } from "../../lib/realtime";
import { MESSAGES_CATCH_UP_MAX } from "../../../common/contract/limits";
import { applyCatchUp, applyLiveMessage, type ChatHistory } from "./chat-history";
import { clearRowUnread, setLastRead, updateHistory } from "./chat-cache";
import { conversationKeys } from "./queries";
import { sendMessage } from "./chat-mutations";
import { RoomSends } from "./room-sends";

/** Someone who stops typing without saying so (closed tab) stops showing after this long. */
export const TYPING_TIMEOUT_MS = 6000;

/**
 * Fetches every change after the tab's gap-free mark until none wait. One run at a time; a request made
 * while one runs starts another when it ends, so nothing that arrived in between is skipped.
 */
function useCatchUp(conversationId: string) {
  const qc = useQueryClient();
  const running = useRef(false);
  const again = useRef(false);
  return useCallback(async () => {
    if (running.current) {
      again.current = true;
      return;
    }
    running.current = true;
    try {
      do {
        again.current = false;
        for (;;) {
          const held = qc.getQueryData<ChatHistory>(conversationKeys.history(conversationId));
          if (!held) return;
          const page = await call("GET /api/conversations/:conversationId/messages", {
            params: { conversationId },
            query: { after: held.version, limit: MESSAGES_CATCH_UP_MAX },
          });
          updateHistory(qc, conversationId, (h) => applyCatchUp(h, page.items, page.version));
          if (!page.hasMore || page.version <= held.version) break;
        }
      } while (again.current);
    } catch {
      // The next frame or reconnect tries again; the history already shown stays.
    } finally {
      running.current = false;
    }
  }, [qc, conversationId]);
}

/** The conversation's room: messages and changes, read receipts, who has the chat open, who is typing. */
export function useChatLive(conversationId: string, me: string, enabled: boolean) {
  const qc = useQueryClient();
  const catchUp = useCatchUp(conversationId);
  const [online, setOnline] = useState<string[]>([]);
  const [typing, setTyping] = useState<Record<string, number>>({});
  const sends = useMemo(() => new RoomSends((input) => sendMessage(conversationId, input)), [conversationId]);

  const room = useRoom(
    "conversation-room",
    enabled ? conversationId : null,
    (event) => {
      switch (event.type) {
        case "message.ack":
          sends.acked(event.id, event.message);
          return;
        case "message.refused":
          sends.refused(event.id);
          return;
        case "message.created":
        case "message.updated": {
          if (event.conversationId !== conversationId) return;
          let gap = false;
          updateHistory(qc, conversationId, (h) => {
            const applied = applyLiveMessage(h, event.message);
            gap = applied.gap;
            return applied.history;
          });
          if (event.type === "message.created" && event.message.sender) {
            const senderId = event.message.sender.id;
            setTyping(({ [senderId]: _, ...rest }) => rest);
          }
          if (gap) void catchUp();
          return;
        }
        case "read.receipt":
          setLastRead(qc, conversationId, event.userId, event.seq);
          if (event.userId === me) clearRowUnread(qc, conversationId);
          return;
        case "presence":
          setOnline(event.online);
          return;
        case "presence.changed":
          setOnline((current) => {
            const gone = new Set([...event.joined, ...event.left]);
            return [...current.filter((id) => !gone.has(id)), ...event.joined];
          });
          return;
        case "typing":
          if (event.userId === me) return;
          setTyping((current) => {
            const { [event.userId]: _, ...rest } = current;
            return event.active ? { ...rest, [event.userId]: Date.now() + TYPING_TIMEOUT_MS } : rest;
          });
          return;
      }
      // A chat on screen is what its reader waits on: it opens at once.
    },
    { eager: true },
  );

  // Each time the socket opens (the first time too: changes made between the first page and the
  // connection would be missed otherwise) the tab catches up from its mark.
  useEffect(() => {
    if (room.state === "open") void catchUp();
    else sends.dropped();
  }, [room.state, catchUp, sends]);
  useEffect(() => {
    sends.attach(room.send);
  }, [sends, room.send]);

  // Stale typing marks expire even when no further frame comes.
  const typingIds = Object.keys(typing);
  useEffect(() => {
    if (typingIds.length === 0) return;
    const timer = setInterval(() => {
      const now = Date.now();
      setTyping((current) => {
        const kept = Object.fromEntries(Object.entries(current).filter(([, until]) => until > now));
        return Object.keys(kept).length === Object.keys(current).length ? current : kept;
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [typingIds.length]);

  return { state: room.state, send: room.send, sendMessage: sends.send, online, typingIds };
}
