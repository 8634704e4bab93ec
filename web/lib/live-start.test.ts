import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeWebSocket } from "../test/fake-websocket";

// Each test loads the modules afresh (their state is the page's) with the clock stopped first, so the
// fallback's timer is one the test moves.
beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
  FakeWebSocket.instances = [];
});
afterEach(() => vi.useRealTimers());

describe("rooms open at the page's first interaction", () => {
  it("a room waits, connecting, until the person first moves a pointer; then it opens and stays allowed", async () => {
    const { useRoom } = await import("./realtime");
    const hook = renderHook(() => useRoom("user-room", "u1", () => {}, { WebSocket: FakeWebSocket, host: "app.test" }));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(hook.result.current.state).toBe("connecting");

    act(() => void window.dispatchEvent(new Event("pointermove")));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(FakeWebSocket.instances).toHaveLength(1);
    hook.unmount();
  });

  it("a room that opens late reads what it may have missed; one mounted after the start does not", async () => {
    const { useRoom } = await import("./realtime");
    const onReconnect = vi.fn();
    const options = { WebSocket: FakeWebSocket, host: "app.test", onReconnect };
    const first = renderHook(() => useRoom("community-room", "c1", () => {}, options));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    act(() => void window.dispatchEvent(new Event("scroll")));
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => FakeWebSocket.instances[0]!.serverOpen());
    expect(onReconnect).toHaveBeenCalledOnce();

    // The app's own navigation to another screen: its room opens at once, with nothing to catch up.
    const next = renderHook(() => useRoom("community-room", "c2", () => {}, options));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    act(() => FakeWebSocket.instances[1]!.serverOpen());
    expect(onReconnect).toHaveBeenCalledOnce();
    first.unmount();
    next.unmount();
  });

  it("a chat opens at once", async () => {
    const { useRoom } = await import("./realtime");
    const hook = renderHook(() =>
      useRoom("conversation-room", "c1", () => {}, { WebSocket: FakeWebSocket, host: "app.test", eager: true }),
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(FakeWebSocket.instances).toHaveLength(1);
    hook.unmount();
  });

  it("without an interaction, rooms may open five seconds after the page loaded", async () => {
    const { LIVE_START_DELAY_MS, useLiveStarted } = await import("./live-start");
    const hook = renderHook(() => useLiveStarted());
    await act(() => vi.advanceTimersByTimeAsync(LIVE_START_DELAY_MS - 1));
    expect(hook.result.current).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(hook.result.current).toBe(true);
  });
});
