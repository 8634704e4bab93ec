import type { PartySocket } from "partysocket";
import { usePartySocket } from "partysocket/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ClientMessageInput, RoomMessages, ServerMessage } from "../../common/realtime-protocol";
import { HEARTBEAT_PING, encodeMessage, type PartyName } from "../../common/realtime-wire";
import { useLiveStarted } from "./live-start";

/**
 * The protocol's schemas (and zod with them) load when the first room may open, and are made in a task of
 * their own: made as the first page hydrated, they made that task some 14 ms longer (bench/README, "The
 * page's own work and the machine's"). A room opens and sends without them; a frame that comes before
 * they are ready waits for them, and frames are read in the order they came.
 */
let parseFrame: ((raw: unknown) => { ok: true; message: ServerMessage } | { ok: false }) | undefined;
let loading: Promise<void> | undefined;
function loadProtocol(): Promise<void> {
  loading ??= import("../../common/realtime-protocol").then(
    (protocol) => {
      parseFrame = protocol.parseServerMessage;
    },
    (error: unknown) => {
      loading = undefined; // the next frame asks again
      throw error;
    },
  );
  return loading;
}

function readFrame(raw: unknown, deliver: (message: ServerMessage) => void) {
  const read = () => {
    const parsed = parseFrame!(raw);
    if (parsed.ok) deliver(parsed.message);
  };
  // A frame whose schemas could not load (offline, between versions) is dropped like an invalid one; the
  // room's reconnect asks for what was missed.
  if (parseFrame) read();
  else loadProtocol().then(read, () => undefined);
}

/** Spec section 9: reconnect back-off 1 s, 2 s, 5 s, then every 10 s; heartbeat every 30 s. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;
export const HEARTBEAT_INTERVAL_MS = 30_000;
/** A heartbeat unanswered this long means a dead connection (half-open TCP): reconnect. */
export const HEARTBEAT_TIMEOUT_MS = 10_000;

/** A first open this long after its screen mounted reads what may have been missed (onReconnect). */
const LATE_OPEN_MS = 2000;

/** Close codes after which retrying cannot help (room refused us, our access was revoked, too many tabs). */
const FINAL_CLOSE_CODES = new Set([1008, 4003, 4008]);

/** Delay before reconnection attempt `retry` (1-based; 0 is the first connect, which is immediate). */
export function reconnectDelay(retry: number): number {
  if (retry <= 0) return 0;
  return RECONNECT_DELAYS_MS[Math.min(retry, RECONNECT_DELAYS_MS.length) - 1]!;
}

/**
 * - `connecting`: not open yet, or dropped and retrying on the back-off schedule;
 * - `open`: live;
 * - `closed`: not trying (no room, disabled, or the room closed us for good).
 */
export type RoomConnectionState = "connecting" | "open" | "closed";

export type UseRoomOptions = {
  /** Default true; false closes the socket. */
  enabled?: boolean;
  /** Called when the socket opens again after a drop: refetch what may have been missed. */
  onReconnect?: () => void;
  /**
   * Called each time the socket opens, the first time too: for a room that opens after the page has read
   * its data (the user's room loads after the first paint), what was sent before it opened is missed too.
   */
  onOpen?: () => void;
  /** Open at once instead of at the page's first interaction (web/lib/live-start.ts): a chat on screen. */
  eager?: boolean;
  /** Tests inject a WebSocket implementation; the browser's is used otherwise. */
  WebSocket?: unknown;
  host?: string;
};

export type RoomHandle = {
  state: RoomConnectionState;
  /** Sends when open; returns false (and drops the frame) otherwise, so stale typing never queues up. */
  send: (message: ClientMessageInput) => boolean;
};

/** partysocket grows delays geometrically; the spec's schedule is not geometric, so the socket asks us. */
type BackoffInternals = { _retryCount: number; _getNextDelay: () => number };
function applySpecBackoff(socket: PartySocket) {
  const internals = socket as unknown as BackoffInternals;
  // Pinned partysocket 1.3.0 has this method; web/lib/realtime.test.ts fails if an upgrade drops it.
  if (typeof internals._getNextDelay !== "function") console.warn("partysocket changed: spec back-off not applied");
  internals._getNextDelay = () => reconnectDelay(internals._retryCount);
}

/**
 * Live events of one room. `onEvent` gets every valid frame the room sends (frames that do not parse
 * are skipped). Pass `room` null/undefined to stay disconnected.
 *
 *   const { state } = useRoom("community-room", communityId, (event) => { ... });
 */
export function useRoom<P extends PartyName>(
  party: P,
  room: string | null | undefined,
  onEvent: (message: RoomMessages[P]) => void,
  options: UseRoomOptions = {},
): RoomHandle {
  const live = useLiveStarted(options.eager);
  const enabled = (options.enabled ?? true) && Boolean(room) && live;
  // Tagged with the socket it describes, so a new room or a toggle starts from a fresh state.
  const [status, setStatus] = useState<{ socket: PartySocket | null; state: RoomConnectionState }>({
    socket: null,
    state: "connecting",
  });
  const openedBefore = useRef(false);
  // When the screen mounted before the page's rooms could open (web/lib/live-start.ts): its first open may
  // come late. A screen mounted later (the app's own navigations) opens at once, as before.
  const [waitedSince] = useState(() => (live ? null : Date.now()));
  const heartbeatDeadline = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const socket = usePartySocket({
    host: options.host,
    protocol: typeof location !== "undefined" && location.protocol === "http:" ? "ws" : "wss",
    party,
    room: room ?? "_",
    enabled,
    // Spec section 9: request timeout 10 s (partysocket's default gives up on a handshake after 4 s).
    connectionTimeout: 10_000,
    WebSocket: options.WebSocket,
    shouldReconnectOnClose: (event) => !FINAL_CLOSE_CODES.has(event.code),
    onOpen() {
      setStatus({ socket, state: "open" });
      // partysocket keeps these handlers current across renders, so they see the latest props.
      // A room that opens well after the page read its data (it waited for the first interaction) may have
      // missed what was sent meanwhile, as after a drop.
      const late = waitedSince !== null && Date.now() - waitedSince > LATE_OPEN_MS;
      if (openedBefore.current || late) options.onReconnect?.();
      openedBefore.current = true;
      options.onOpen?.();
    },
    onClose() {
      clearTimeout(heartbeatDeadline.current);
      setStatus({ socket, state: socket.shouldReconnect ? "connecting" : "closed" });
    },
    onMessage(event) {
      // Any frame proves the connection is alive.
      clearTimeout(heartbeatDeadline.current);
      readFrame(event.data, (message) => {
        // The room is closing us for good: close now rather than wait for its close frame. partysocket
        // does not reconnect after a close of our own, so the state becomes "closed".
        if (message.type === "closing") socket.close(message.code, message.reason);
        else onEvent(message as RoomMessages[P]);
      });
    },
  });
  useEffect(() => applySpecBackoff(socket), [socket]);
  useEffect(() => {
    if (enabled) void loadProtocol().catch(() => undefined);
  }, [enabled]);

  useEffect(() => {
    openedBefore.current = false;
  }, [socket]);

  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => {
      if (socket.readyState !== socket.OPEN) return;
      socket.send(HEARTBEAT_PING);
      clearTimeout(heartbeatDeadline.current);
      heartbeatDeadline.current = setTimeout(() => socket.reconnect(), HEARTBEAT_TIMEOUT_MS);
    }, HEARTBEAT_INTERVAL_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(heartbeatDeadline.current);
    };
  }, [socket, enabled]);

  const send = useCallback(
    (message: ClientMessageInput) => {
      if (socket.readyState !== socket.OPEN) return false;
      return socket.send(encodeMessage(message));
    },
    [socket],
  );

  // Waiting for the page's first interaction counts as connecting: the room will open by itself.
  const waiting = (options.enabled ?? true) && Boolean(room) && !live;
  const state: RoomConnectionState = waiting
    ? "connecting"
    : !enabled
      ? "closed"
      : status.socket === socket
        ? status.state
        : "connecting";
  return { state, send };
}
