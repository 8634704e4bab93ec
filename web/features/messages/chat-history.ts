import type { ChatMessage } from "../../../common/contract/conversations";

/**
 * One conversation's history as this tab holds it. `version` is the change counter up to which the tab
 * has seen every change without a gap: a catch-up asks for the changes after it.
 */
export type ChatHistory = {
  /** Ordered by seq, one entry per id. */
  messages: ChatMessage[];
  /** Whether older pages exist before the first message held. */
  hasOlder: boolean;
  version: number;
};

export const emptyChat = (): ChatHistory => ({ messages: [], hasOlder: false, version: 0 });

/**
 * Puts messages in place by id (a newer version of a message replaces the older one, an older one never
 * replaces a newer), ordered by seq. Frames and pages may arrive in any order and more than once.
 */
export function mergeMessages(history: ChatHistory, incoming: readonly ChatMessage[]): ChatHistory {
  if (incoming.length === 0) return history;
  const byId = new Map(history.messages.map((m) => [m.id, m]));
  let changed = false;
  for (const message of incoming) {
    const held = byId.get(message.id);
    if (held && held.version >= message.version) continue;
    byId.set(message.id, message);
    changed = true;
  }
  if (!changed) return history;
  const messages = [...byId.values()].sort((a, b) => a.seq - b.seq);
  return { ...history, messages };
}

/**
 * A live frame. The gap-free mark only moves when the frame is the very next change; otherwise a change
 * was missed (or is hidden from us) and `gap` asks the caller to catch up from the mark.
 */
export function applyLiveMessage(history: ChatHistory, message: ChatMessage): { history: ChatHistory; gap: boolean } {
  const merged = mergeMessages(history, [message]);
  if (message.version <= history.version) return { history: merged, gap: false };
  if (message.version === history.version + 1) return { history: { ...merged, version: message.version }, gap: false };
  return { history: merged, gap: true };
}

/** A catch-up answer: every change after the mark, so the mark moves to the version the answer is current to. */
export function applyCatchUp(history: ChatHistory, items: readonly ChatMessage[], version: number): ChatHistory {
  const merged = mergeMessages(history, items);
  return version > merged.version ? { ...merged, version } : merged;
}

/** An older page goes before what is held; whether still older ones exist comes with it. */
export function applyOlderPage(history: ChatHistory, items: readonly ChatMessage[], hasMore: boolean): ChatHistory {
  return { ...mergeMessages(history, items), hasOlder: hasMore };
}

export const oldestSeq = (history: ChatHistory): number | null => history.messages[0]?.seq ?? null;
/** The newest message someone else sent: what there is to read (one's own messages never count as unread). */
export function newestSeqFromOthers(history: ChatHistory, me: string): number {
  for (let i = history.messages.length - 1; i >= 0; i--) {
    const m = history.messages[i]!;
    if (m.sender?.id !== me) return m.seq;
  }
  return 0;
}
