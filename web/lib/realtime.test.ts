import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { HEARTBEAT_PING } from "../../common/realtime-protocol";
import { FakeWebSocket } from "../test/fake-websocket";
import { HEARTBEAT_INTERVAL_MS, HEARTBEAT_TIMEOUT_MS, reconnectDelay, useRoom } from "./realtime";

const sockets = () => FakeWebSocket.instances;
const latest = () => sockets()[sockets().length - 1]!;
const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

// Rooms open at the page's first interaction (web/lib/live-start.ts, tested on its own): this one.
beforeAll(() => void window.dispatchEvent(new KeyboardEvent("keydown")));

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.instances = [];
});
afterEach(() => {
  vi.useRealTimers();
});

function render(room: string | null = "u1", onReconnect?: () => void, onOpen?: () => void) {
  const onEvent = vi.fn();
  const hook = renderHook(
    ({ room }) => useRoom("user-room", room, onEvent, { WebSocket: FakeWebSocket, host: "app.test", onReconnect, onOpen }),
    {
      initialProps: { room },
    },
  );
  return { hook, onEvent };
}

describe("reconnectDelay", () => {
  it("follows the spec: immediate first connect, then 1 s, 2 s, 5 s and 10 s from then on", () => {
    expect([0, 1, 2, 3, 4, 5, 12].map(reconnectDelay)).toEqual([0, 1000, 2000, 5000, 10_000, 10_000, 10_000]);
  });
});

describe("useRoom", () => {
  it("connects to /parties/:party/:room, reports its state and hands parsed frames to onEvent", async () => {
    const { hook, onEvent } = render();
    expect(hook.result.current.state).toBe("connecting");
    await tick(0);
    expect(sockets()).toHaveLength(1);
    expect(latest().url).toMatch(/^ws:\/\/app\.test\/parties\/user-room\/u1\?_pk=/);
    act(() => latest().serverOpen());
    expect(hook.result.current.state).toBe("open");

    act(() => latest().serverSend({ type: "notification.unread", count: 2 }));
    act(() => latest().serverSend("not json"));
    act(() => latest().serverSend({ type: "from.the.future" }));
    expect(onEvent.mock.calls).toEqual([[{ type: "notification.unread", count: 2 }]]);

    expect(hook.result.current.send({ type: "ping", id: "1" })).toBe(true);
    expect(latest().sent).toContain('{"type":"ping","id":"1"}');
    hook.unmount();
  });

  it("sends the heartbeat every 30 s and reconnects when it goes unanswered", async () => {
    const { hook } = render();
    await tick(0);
    act(() => latest().serverOpen());
    await tick(HEARTBEAT_INTERVAL_MS);
    expect(latest().sent).toEqual([HEARTBEAT_PING]);
    act(() => latest().serverSend({ type: "pong" }));
    await tick(HEARTBEAT_TIMEOUT_MS);
    expect(sockets()).toHaveLength(1);

    await tick(HEARTBEAT_INTERVAL_MS - HEARTBEAT_TIMEOUT_MS);
    expect(latest().sent).toEqual([HEARTBEAT_PING, HEARTBEAT_PING]);
    await tick(HEARTBEAT_TIMEOUT_MS);
    await tick(10); // reconnects at once (a fresh attempt, no back-off)
    expect(sockets()).toHaveLength(2);
    hook.unmount();
  });

  it("tells every opening, the first too, and only reopenings as reconnects", async () => {
    const onReconnect = vi.fn();
    const onOpen = vi.fn();
    const { hook } = render("u1", onReconnect, onOpen);
    await tick(0);
    act(() => latest().serverOpen());
    expect([onOpen.mock.calls.length, onReconnect.mock.calls.length]).toEqual([1, 0]);
    await tick(6000);
    act(() => latest().serverClose(1006));
    await tick(1000);
    act(() => latest().serverOpen());
    expect([onOpen.mock.calls.length, onReconnect.mock.calls.length]).toEqual([2, 1]);
    hook.unmount();
  });

  it("retries after 1 s, 2 s, 5 s, then every 10 s, and starts over after a good connection", async () => {
    const onReconnect = vi.fn();
    const { hook } = render("u1", onReconnect);
    await tick(0);
    act(() => latest().serverOpen());
    await tick(6000); // past partysocket's minimum uptime: the connection counts as good
    for (const delay of [1000, 2000, 5000, 10_000, 10_000]) {
      const before = sockets().length;
      act(() => latest().serverClose(1006));
      expect(hook.result.current.state).toBe("connecting");
      await tick(delay - 1);
      expect(sockets()).toHaveLength(before);
      await tick(1);
      expect(sockets()).toHaveLength(before + 1);
    }
    act(() => latest().serverOpen());
    expect(hook.result.current.state).toBe("open");
    expect(onReconnect).toHaveBeenCalledTimes(1);
    await tick(6000);
    act(() => latest().serverClose(1006));
    const before = sockets().length;
    await tick(1000);
    expect(sockets()).toHaveLength(before + 1);
    hook.unmount();
  });

  it("stops retrying when the room closes it for good (access revoked)", async () => {
    const { hook } = render();
    await tick(0);
    act(() => latest().serverOpen());
    act(() => latest().serverClose(4003));
    expect(hook.result.current.state).toBe("closed");
    await tick(60_000);
    expect(sockets()).toHaveLength(1);
    hook.unmount();
  });

  it("closes at once, for good, when the room says it is closing us (before its close frame arrives)", async () => {
    const { hook, onEvent } = render();
    await tick(0);
    act(() => latest().serverOpen());
    act(() => latest().serverSend({ type: "closing", code: 4003, reason: "Access revoked" }));
    await tick(0);
    expect(hook.result.current.state).toBe("closed");
    expect(onEvent).not.toHaveBeenCalled();
    await tick(60_000);
    expect(sockets()).toHaveLength(1);
    hook.unmount();
  });

  it("stays closed without a room and does not queue frames while not open", async () => {
    const { hook } = render(null);
    await tick(1000);
    expect(sockets()).toHaveLength(0);
    expect(hook.result.current.state).toBe("closed");
    expect(hook.result.current.send({ type: "typing", active: true })).toBe(false);
    hook.rerender({ room: "u1" });
    await tick(0);
    expect(hook.result.current.state).toBe("connecting");
    expect(sockets()).toHaveLength(1);
    hook.unmount();
  });
});
