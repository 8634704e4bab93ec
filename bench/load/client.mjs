// How a simulated member talks to the app: HTTP with each request timed and judged, and the rooms
// over WebSocket. Everything it sees goes into one Recorder.

const REQUEST_TIMEOUT_MS = 30_000;
const ROOM_OPEN_TIMEOUT_MS = 15_000;

/** Latencies and outcomes by action, and every failure with what it was. */
export class Recorder {
  constructor() {
    this.actions = new Map();
    this.failures = [];
    this.counts = { requests: 0, serverErrors: 0, roomEvents: 0 };
  }

  record(action, ms, ok) {
    let entry = this.actions.get(action);
    if (!entry) this.actions.set(action, (entry = { latencies: [], errors: 0 }));
    entry.latencies.push(ms);
    if (!ok) entry.errors += 1;
  }

  fail(what) {
    this.failures.push(what);
  }

  /** One row per action, by name (so each retry sits under its action): count, errors, p50 and p95 in ms. */
  rows() {
    return [...this.actions]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([action, { latencies, errors }]) => {
        const sorted = [...latencies].sort((a, b) => a - b);
        const p = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
        return { action, requests: sorted.length, errors, p50: p(0.5), p95: p(0.95) };
      });
  }
}

/** Rejects with the signal's reason once it fires. */
const aborted = (signal) =>
  new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });

/**
 * A member's HTTP client. `send(action, method, path, opts)` answers `{ status, body }` and records it:
 * a status outside `opts.expect` (default 2xx) is a failure, a 5xx also counts as a server error, and
 * so does no answer at all. `opts.abortAfter` (ms) drops the request like a client that gave up
 * waiting: it answers `{ status: 0, aborted: true }` and records nothing against the server.
 */
export function httpClient({ base, cookie, recorder }) {
  return async function send(action, method, path, opts = {}) {
    const headers = { cookie, accept: "application/json" };
    if (method !== "GET") headers.origin = base;
    if (opts.body !== undefined) headers["content-type"] = "application/json";
    if (opts.key) headers["idempotency-key"] = opts.key;
    const expect = opts.expect ?? ((s) => s >= 200 && s < 300);
    // A plain timer, not AbortSignal.timeout: Node holds that signal weakly, so it can be collected
    // (and never fire) while the request waits.
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException("gave up waiting", "TimeoutError")),
      opts.abortAfter ?? REQUEST_TIMEOUT_MS,
    );
    const started = performance.now();
    recorder.counts.requests += 1;
    let res;
    let text;
    try {
      res = await fetch(base + path, {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: controller.signal,
      });
      // The abort has to end the body's reading too: Node's fetch leaves `text()` pending forever when the
      // signal fires while the body is being read (nodejs/node#56917), which held a member in its action
      // until the run's watchdog, with a create stored and its retry never sent.
      text = await Promise.race([res.text(), aborted(controller.signal)]);
    } catch (error) {
      if (opts.abortAfter !== undefined && error?.name === "TimeoutError") return { status: 0, aborted: true };
      recorder.record(action, performance.now() - started, false);
      recorder.counts.serverErrors += 1;
      recorder.fail(`${action}: ${method} ${path} got no answer (${error?.message ?? error})`);
      return { status: 0 };
    } finally {
      clearTimeout(timer);
    }
    const ms = performance.now() - started;
    let body;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const ok = expect(res.status);
    recorder.record(action, ms, ok);
    if (res.status >= 500) recorder.counts.serverErrors += 1;
    if (!ok) recorder.fail(`${action}: ${method} ${path} answered ${res.status} ${text.slice(0, 200)}`);
    return { status: res.status, body };
  };
}

/**
 * Opens a room the way the web client does (`/parties/:party/:room`, with the session cookie) and
 * records the time until the room's welcome. `onEvent` gets every later frame as parsed JSON.
 */
export function openRoom({ base, cookie, recorder }, action, party, room, onEvent) {
  const url = `${base.replace(/^http/, "ws")}/parties/${party}/${room}`;
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const socket = new WebSocket(url, { headers: { cookie, origin: base } });
    const settle = (ok, why) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      recorder.record(action, performance.now() - started, ok);
      if (!ok) {
        recorder.fail(`${action}: ${party}/${room} ${why}`);
        socket.close();
      }
      resolve(ok ? socket : null);
    };
    const timer = setTimeout(() => settle(false, "sent no welcome"), ROOM_OPEN_TIMEOUT_MS);
    socket.addEventListener("message", (event) => {
      let frame;
      try {
        frame = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (frame.type === "welcome") settle(true);
      else if (settled) {
        recorder.counts.roomEvents += 1;
        onEvent?.(frame);
      }
    });
    socket.addEventListener("error", () => settle(false, "failed to open"));
    socket.addEventListener("close", (event) => settle(false, `closed before its welcome (${event.code})`));
  });
}
