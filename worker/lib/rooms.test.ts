import { describe, expect, it } from "vitest";
import { roomCalls, type Frame } from "./rooms";

describe("roomCalls", () => {
  it("makes one call per room, keeps each room's events in order and sends an identical event once", () => {
    const frames: Frame[] = [
      { room: "community", id: "c1", event: { type: "post.counters", postId: "p", likesCount: 1, commentsCount: 0 } },
      { room: "user", id: "u1", event: { type: "notification.unread", count: 3 } },
      { room: "community", id: "c1", event: { type: "points.changed" } },
      { room: "community", id: "c1", event: { type: "points.changed" } },
      { room: "community", id: "c2", event: { type: "points.changed" } },
    ];
    expect(roomCalls(frames).map((c) => [c.frame.room, c.frame.id, c.events.map((e) => e.type)])).toEqual([
      ["community", "c1", ["post.counters", "points.changed"]],
      ["user", "u1", ["notification.unread"]],
      ["community", "c2", ["points.changed"]],
    ]);
  });

  it("keeps a conversation's frames for different audiences apart (who is hidden from them)", () => {
    const event = { type: "read.receipt", conversationId: "k", userId: "a", seq: 1, readAt: 1 } as const;
    const calls = roomCalls([
      { room: "conversation", id: "k", event, hiddenFrom: ["b", "c"] },
      { room: "conversation", id: "k", event: { ...event, seq: 2 }, hiddenFrom: ["c", "b"] },
      { room: "conversation", id: "k", event },
    ]);
    expect(calls.map((c) => c.events.length)).toEqual([2, 1]);
  });

  it("treats hiding from nobody the same however it is said, and never merges two different audiences", () => {
    const event = { type: "read.receipt", conversationId: "k", userId: "a", seq: 1, readAt: 1 } as const;
    const calls = roomCalls([
      { room: "conversation", id: "k", event, hiddenFrom: [] },
      { room: "conversation", id: "k", event: { ...event, seq: 2 } },
      { room: "conversation", id: "k", event, hiddenFrom: ["a", "b"] },
      { room: "conversation", id: "k", event, hiddenFrom: ["ab"] },
    ]);
    expect(calls.map((c) => [c.frame.room === "conversation" ? (c.frame.hiddenFrom ?? []) : null, c.events.length])).toEqual([
      [[], 2],
      [["a", "b"], 1],
      [["ab"], 1],
    ]);
  });
});
