import { describe, expect, it } from "vitest";
import { sampleMessage } from "../tests/chat-messages";
import { sampleNotification } from "../tests/notification-items";
import {
  MAX_CLIENT_FRAME_BYTES,
  communityEventSchema,
  encodeMessage,
  parseClientMessage,
  parseServerMessage,
  userEventSchema,
  type ServerMessage,
} from "./realtime-protocol";

describe("parseClientMessage", () => {
  it("accepts ping with and without an id", () => {
    expect(parseClientMessage('{"type":"ping"}')).toEqual({ ok: true, message: { type: "ping" } });
    expect(parseClientMessage('{"type":"ping","id":"7"}')).toEqual({ ok: true, message: { type: "ping", id: "7" } });
  });

  it("accepts typing, defaulting active to true and dropping fields it does not know (like a claimed userId)", () => {
    const parsed = parseClientMessage(JSON.stringify({ type: "typing", postId: "p1", userId: "someone-else" }));
    expect(parsed).toEqual({ ok: true, message: { type: "typing", postId: "p1", active: true } });
  });

  it.each([
    ["non-JSON text", "hello"],
    ["a JSON array", "[1,2]"],
    ["an unknown type", '{"type":"post.created","postId":"x"}'],
    ["a missing type", '{"id":"1"}'],
    ["a wrong field type", '{"type":"typing","active":"yes"}'],
    ["an over-long ping id", JSON.stringify({ type: "ping", id: "x".repeat(65) })],
    ["binary data", new Uint8Array([123, 125]).buffer],
    ["an oversize frame", JSON.stringify({ type: "ping", pad: "x".repeat(MAX_CLIENT_FRAME_BYTES) })],
  ])("refuses %s with a readable error", (_name, raw) => {
    const parsed = parseClientMessage(raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.length).toBeGreaterThan(0);
  });
});

describe("parseServerMessage", () => {
  it("round-trips every kind of frame a room sends", () => {
    const frames: ServerMessage[] = [
      { type: "pong" },
      { type: "pong", id: "1" },
      { type: "welcome", connectionId: "c1", userId: "u1" },
      { type: "presence", online: ["u1", "u2"], count: 2 },
      { type: "presence.changed", joined: ["u2", "u3"], left: ["u1"], count: 2 },
      { type: "presence.changed", joined: ["u9"], left: [], count: 900, partial: true },
      { type: "error", message: "bad" },
      { type: "typing", userId: "u1", active: true, postId: "p1" },
      { type: "post.created", postId: "p1" },
      { type: "post.updated", postId: "p1" },
      { type: "post.deleted", postId: "p1" },
      { type: "post.counters", postId: "p1", likesCount: 3, commentsCount: 1 },
      { type: "comment.created", postId: "p1", commentId: "c1", parentId: null },
      { type: "comment.deleted", postId: "p1", commentId: "c1" },
      { type: "points.changed" },
      { type: "notification.created", notification: sampleNotification() },
      { type: "notification.unread", count: 4 },
      { type: "message.unread", count: 2 },
      { type: "message.created", conversationId: "k1", message: sampleMessage() },
      {
        type: "message.updated",
        conversationId: "k1",
        message: sampleMessage({ version: 2, reactions: [{ emoji: "👍", count: 1, users: [{ id: "u2", fullName: "Bob" }] }] }),
      },
      { type: "read.receipt", conversationId: "k1", userId: "u1", seq: 1, readAt: 1 },
      { type: "conversation.bumped", conversationId: "k1", lastMessageAt: 5 },
    ];
    for (const frame of frames) {
      expect(parseServerMessage(encodeMessage(frame))).toEqual({ ok: true, message: frame });
    }
  });

  it("carries a notification exactly as the list answers it: a field missing refuses the frame, one unknown is dropped", () => {
    const notification = sampleNotification({ type: "MENTION", content: "@Bob look", postId: "p9" });
    const parsed = parseServerMessage(
      JSON.stringify({ type: "notification.created", notification: { ...notification, title: "x" } }),
    );
    expect(parsed).toEqual({ ok: true, message: { type: "notification.created", notification } });
    const { content: _, ...withoutContent } = notification;
    expect(parseServerMessage(JSON.stringify({ type: "notification.created", notification: withoutContent })).ok).toBe(false);
  });

  it("carries community posts and comments as ids only: a body sent along never reaches a client", () => {
    const post = parseServerMessage(JSON.stringify({ type: "post.created", postId: "p1", data: { content: "secret" } }));
    expect(post).toEqual({ ok: true, message: { type: "post.created", postId: "p1" } });
    const comment = parseServerMessage(
      JSON.stringify({ type: "comment.created", postId: "p1", commentId: "c1", data: { content: "secret" } }),
    );
    expect(comment).toEqual({ ok: true, message: { type: "comment.created", postId: "p1", commentId: "c1" } });
  });

  it("refuses a notification of a type the product does not have", () => {
    const frame = { type: "notification.created", notification: { ...sampleNotification(), type: "SOMETHING_ELSE" } };
    expect(parseServerMessage(JSON.stringify(frame)).ok).toBe(false);
  });

  it("skips unknown or malformed frames instead of throwing", () => {
    expect(parseServerMessage('{"type":"from.the.future"}').ok).toBe(false);
    expect(parseServerMessage('{"type":"presence","online":"u1","count":1}').ok).toBe(false);
    // The one-person shape of an older room: the lists are required.
    expect(parseServerMessage('{"type":"presence.changed","userId":"u1","online":true,"count":1}').ok).toBe(false);
    expect(parseServerMessage("{").ok).toBe(false);
    expect(parseServerMessage(undefined).ok).toBe(false);
  });
});

describe("room event subsets", () => {
  it("do not let a user-room event pass as a community event or vice versa", () => {
    expect(communityEventSchema.safeParse({ type: "notification.unread", count: 1 }).success).toBe(false);
    expect(userEventSchema.safeParse({ type: "post.deleted", postId: "p" }).success).toBe(false);
  });
});
