import { afterEach, describe, expect, it, vi } from "vitest";
import type { ClientMessageInput } from "../../../common/realtime-protocol";
import { sampleMessage } from "../../../tests/chat-messages";
import { ROOM_SEND_TIMEOUT_MS, RoomSends } from "./room-sends";

const input = (id: string, fileUrl: string | null = null) => ({ id, content: "hello", fileUrl, replyToId: null });

function setup(open = true) {
  const frames: ClientMessageInput[] = [];
  const api = vi.fn(async (i: { id: string }) => sampleMessage({ id: i.id, content: "via the API" }));
  const sends = new RoomSends(api);
  sends.attach((frame) => {
    if (!open) return false;
    frames.push(frame);
    return true;
  });
  return { frames, api, sends };
}

afterEach(() => void vi.useRealTimers());

describe("RoomSends", () => {
  it("sends a text message through the socket and resolves with the room's acknowledgement, not the API", async () => {
    const { frames, api, sends } = setup();
    const sent = sends.send(input("a"));
    expect(frames).toEqual([{ type: "message.send", id: "a", content: "hello", replyToId: null }]);
    const stored = sampleMessage({ id: "a", content: "hello" });
    sends.acked("a", stored);
    await expect(sent).resolves.toEqual(stored);
    expect(api).not.toHaveBeenCalled();
  });

  it("sends through the API what the room refused, what it did not answer in time, what a dropped socket held, and images", async () => {
    vi.useFakeTimers();
    const { frames, api, sends } = setup();
    const refused = sends.send(input("r"));
    sends.refused("r");
    await expect(refused).resolves.toMatchObject({ id: "r", content: "via the API" });
    const slow = sends.send(input("t"));
    await vi.advanceTimersByTimeAsync(ROOM_SEND_TIMEOUT_MS);
    await expect(slow).resolves.toMatchObject({ id: "t" });
    const held = sends.send(input("d"));
    sends.dropped();
    await expect(held).resolves.toMatchObject({ id: "d" });
    await sends.send(input("i", "/files/chat/x.webp"));
    expect(frames.map((f) => (f as { id: string }).id)).toEqual(["r", "t", "d"]);
    expect(api.mock.calls.map(([i]) => i.id)).toEqual(["r", "t", "d", "i"]);
    // An acknowledgement after the API took over changes nothing.
    sends.acked("t", sampleMessage({ id: "t" }));
    expect(api).toHaveBeenCalledTimes(4);
  });

  it("goes through the API at once when the socket is not open", async () => {
    const { frames, api, sends } = setup(false);
    await expect(sends.send(input("c"))).resolves.toMatchObject({ id: "c" });
    expect(frames).toEqual([]);
    expect(api).toHaveBeenCalledTimes(1);
  });
});
