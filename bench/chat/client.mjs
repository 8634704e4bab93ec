// How the messaging runs talk to the app: the conversation room over a real WebSocket through the
// worker, and sends over HTTP with the client's own message id, as the web client does.

const OPEN_TIMEOUT_MS = 20_000;

/**
 * Opens `/parties/conversation-room/<id>` with the session cookie and resolves with the socket at the
 * room's welcome (rejects when it closes or fails first). `onFrame(data, receivedAt)` gets every later
 * frame as the raw string, stamped the moment it arrived, so the caller parses only what it needs.
 */
export function openConversation(base, cookie, conversationId, onFrame) {
  const url = `${base.replace(/^http/, "ws")}/parties/conversation-room/${conversationId}`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { cookie, origin: base } });
    let welcomed = false;
    const timer = setTimeout(() => fail(new Error("no welcome")), OPEN_TIMEOUT_MS);
    const fail = (error) => {
      if (welcomed) return;
      clearTimeout(timer);
      welcomed = true;
      try {
        socket.close();
      } catch {
        // already closed
      }
      reject(error);
    };
    socket.addEventListener("message", (event) => {
      const receivedAt = performance.now();
      const data = String(event.data);
      if (!welcomed) {
        if (data.startsWith('{"type":"welcome"')) {
          welcomed = true;
          clearTimeout(timer);
          resolve(socket);
        }
        return;
      }
      onFrame(data, receivedAt);
    });
    socket.addEventListener("error", () => fail(new Error("failed to open")));
    socket.addEventListener("close", (event) => fail(new Error(`closed before its welcome (${event.code})`)));
  });
}

/** Runs `open(i)` for i < count, at most `parallel` at a time; answers the results in order. */
export async function inBatches(count, parallel, open) {
  const out = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await open(i);
      }
    }),
  );
  return out;
}

/**
 * POST /api/conversations/:id/messages with the client-made `id`; answers `{ status, body, retryAfter }`
 * (status 0 when no answer came: refused, reset or timed out).
 */
export async function sendMessage(base, cookie, conversationId, id, content, timeoutMs = 15_000) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetch(`${base}/api/conversations/${conversationId}/messages`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/json" },
      body: JSON.stringify({ id, content }),
      signal: controller.signal,
    });
    const text = await res.text();
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    // How long the worker waited for the database (Server-Timing, worker/lib/query-count.ts).
    const dbMs = Number(res.headers.get("server-timing")?.match(/dur=([\d.]+)/)?.[1] ?? NaN);
    return { status: res.status, body, retryAfter: Number(res.headers.get("retry-after") ?? 0), dbMs };
  } catch (error) {
    return { status: 0, error: String(error?.cause?.code ?? error?.message ?? error) };
  } finally {
    clearTimeout(timer);
  }
}

/** GET one page of changes after `version`: `{ items, hasMore, version }`, or null when no good answer came. */
export async function changesAfter(base, cookie, conversationId, version, limit = 200) {
  try {
    const res = await fetch(`${base}/api/conversations/${conversationId}/messages?after=${version}&limit=${limit}`, {
      headers: { cookie },
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) return null;
    return await res.json();
  } catch {
    return null;
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Percentile `q` (0..1) of an ascending list. */
export const percentile = (sorted, q) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
