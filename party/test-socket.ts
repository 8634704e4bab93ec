import { exports } from "cloudflare:workers";
import { expect } from "vitest";
import { freshIp, ORIGIN } from "../tests/factories";
import {
  parseServerMessage,
  type ServerMessage,
  type ServerMessageOf,
  type ServerMessageType,
} from "../common/realtime-protocol";

/** A client socket opened through the worker (a real upgrade), with its received frames parsed. */
export type TestSocket = {
  ws: WebSocket;
  frames: ServerMessage[];
  raw: string[];
  closed: Promise<{ code: number; reason: string }>;
  /**
   * Resolves with the first frame of `type` matching `where`, looking from frame index `from` (frames
   * already received count), or fails after `ms`.
   */
  next<T extends ServerMessageType>(
    type: T,
    where?: (m: ServerMessageOf<T>) => boolean,
    from?: number,
    ms?: number,
  ): Promise<ServerMessageOf<T>>;
  /** Waits `ms` and fails if a frame of `type` arrived after `since` (a frames.length). */
  expectNone(type: ServerMessageType, since: number, ms?: number): Promise<void>;
  sendJson(value: unknown): void;
  close(): Promise<void>;
};

const open: TestSocket[] = [];

/** Closes every socket a test opened, so Durable Objects are idle between tests. */
export async function closeAll() {
  const sockets = open.splice(0);
  await Promise.all(sockets.map((s) => s.close()));
}

export async function upgrade(path: string, opts: { cookie?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  const headers: Record<string, string> = { Upgrade: "websocket", "cf-connecting-ip": freshIp(), ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  return exports.default.fetch(`${ORIGIN}${path}`, { headers });
}

export async function expectRefused(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.webSocket).toBeNull();
  const body = (await res.json()) as { error: { code: string; message: string; requestId: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message).toBeTruthy();
  expect(body.error.requestId).toBeTruthy();
}

export async function connect(
  path: string,
  opts: { cookie?: string; headers?: Record<string, string> } = {},
): Promise<TestSocket> {
  const res = await upgrade(path, opts);
  if (res.status !== 101 || !res.webSocket) {
    throw new Error(`upgrade of ${path} answered ${res.status}: ${await res.text()}`);
  }
  return accept(path, res.webSocket);
}

/** Takes the socket of an accepted upgrade of `path`: its frames are parsed and closed by `closeAll`. */
export function accept(path: string, ws: WebSocket): TestSocket {
  const frames: ServerMessage[] = [];
  const raw: string[] = [];
  const listeners = new Set<() => void>();
  let resolveClosed!: (v: { code: number; reason: string }) => void;
  const closed = new Promise<{ code: number; reason: string }>((r) => (resolveClosed = r));
  let isClosed = false;
  ws.addEventListener("message", (event) => {
    raw.push(String(event.data));
    const parsed = parseServerMessage(event.data);
    if (!parsed.ok) throw new Error(`room sent a frame outside the protocol: ${String(event.data)} (${parsed.error})`);
    frames.push(parsed.message);
    for (const listener of [...listeners]) listener();
  });
  ws.addEventListener("close", (event) => {
    isClosed = true;
    resolveClosed({ code: event.code, reason: event.reason });
  });
  ws.accept();

  const socket: TestSocket = {
    ws,
    frames,
    raw,
    closed,
    next(type, where, from = 0, ms = 3000) {
      type T = ServerMessageOf<typeof type>;
      let seen = from;
      return new Promise((resolve, reject) => {
        const check = () => {
          for (; seen < frames.length; seen++) {
            const frame = frames[seen]!;
            if (frame.type === type && (!where || where(frame as T))) {
              listeners.delete(check);
              clearTimeout(timer);
              resolve(frame as T);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no ${type} frame within ${ms} ms on ${path}; got ${JSON.stringify(frames)}`));
        }, ms);
        listeners.add(check);
        check();
      }) as never;
    },
    async expectNone(type, since, ms = 300) {
      await new Promise((r) => setTimeout(r, ms));
      expect(frames.slice(since).filter((f) => f.type === type)).toEqual([]);
    },
    sendJson(value) {
      ws.send(typeof value === "string" ? value : JSON.stringify(value));
    },
    async close() {
      if (isClosed) return;
      try {
        ws.close(1000, "bye");
      } catch {
        return;
      }
      await Promise.race([closed, new Promise((r) => setTimeout(r, 1000))]);
    },
  };
  open.push(socket);
  return socket;
}
