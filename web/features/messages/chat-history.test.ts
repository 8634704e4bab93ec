import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../../common/contract/conversations";
import { applyCatchUp, applyLiveMessage, applyOlderPage, emptyChat, mergeMessages, newestSeqFromOthers } from "./chat-history";

function message(id: string, seq: number, version = seq, content = `m${seq}`): ChatMessage {
  return {
    id,
    conversationId: "c1",
    seq,
    version,
    sender: { id: "u1", fullName: "Ana", avatarUrl: null },
    content,
    messageType: "text",
    fileUrl: null,
    replyTo: null,
    reactions: [],
    isEdited: false,
    isDeleted: false,
    createdAt: seq,
    updatedAt: version,
  };
}

describe("chat history", () => {
  it("orders by seq and keeps one entry per id whatever the arrival order", () => {
    const h = mergeMessages(emptyChat(), [message("c", 3), message("a", 1), message("b", 2), message("a", 1)]);
    expect(h.messages.map((m) => m.id)).toEqual(["a", "b", "c"]);
  });

  it("a newer version replaces the message in place; an older one never does", () => {
    let h = mergeMessages(emptyChat(), [message("a", 1), message("b", 2)]);
    h = mergeMessages(h, [message("a", 1, 5, "edited")]);
    h = mergeMessages(h, [message("a", 1, 1, "stale")]);
    expect(h.messages.map((m) => [m.id, m.content])).toEqual([
      ["a", "edited"],
      ["b", "m2"],
    ]);
  });

  it("a live frame moves the mark only when it is the next change, and reports a gap otherwise", () => {
    const start = { ...mergeMessages(emptyChat(), [message("a", 1)]), version: 1 };
    const next = applyLiveMessage(start, message("b", 2));
    expect([next.history.version, next.gap]).toEqual([2, false]);
    const skipped = applyLiveMessage(next.history, message("d", 4));
    expect([skipped.history.version, skipped.gap]).toEqual([2, true]);
    expect(skipped.history.messages.map((m) => m.id)).toEqual(["a", "b", "d"]);
  });

  it("a catch-up fills the gap without duplicates and moves the mark to the answer's version", () => {
    const held = applyLiveMessage({ ...mergeMessages(emptyChat(), [message("a", 1)]), version: 1 }, message("c", 3)).history;
    const after = applyCatchUp(held, [message("b", 2), message("c", 3), message("a", 1, 4, "edited")], 4);
    expect(after.messages.map((m) => [m.id, m.content])).toEqual([
      ["a", "edited"],
      ["b", "m2"],
      ["c", "m3"],
    ]);
    expect(after.version).toBe(4);
  });

  it("older pages go before the held messages and say whether more wait", () => {
    const h = applyOlderPage(
      { ...mergeMessages(emptyChat(), [message("c", 3)]), hasOlder: true, version: 3 },
      [message("a", 1), message("b", 2)],
      false,
    );
    expect(h.messages.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect([h.hasOlder, h.version]).toEqual([false, 3]);
  });

  it("what there is to read is the newest message someone else sent", () => {
    const mine = { ...message("c", 3), sender: { id: "me", fullName: "Me", avatarUrl: null } };
    const h = mergeMessages(emptyChat(), [message("a", 1), message("b", 2), mine]);
    expect(newestSeqFromOthers(h, "me")).toBe(2);
    expect(newestSeqFromOthers(emptyChat(), "me")).toBe(0);
  });
});
