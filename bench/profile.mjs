// A CPU profile of the worker under `wrangler dev`, taken over V8's inspector protocol, and where its
// time goes: by the source file the build's source maps name (our code, drizzle, hono, zod, ...).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./server.mjs";

/** Connects to the worker's inspector (wrangler dev --inspector-port) and answers a `send(method, params)`. */
async function connect(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  const target = targets.find((t) => t.webSocketDebuggerUrl) ?? targets[0];
  // wrangler's inspector proxy refuses a handshake without an Origin.
  const socket = new WebSocket(target.webSocketDebuggerUrl, { headers: { origin: `http://127.0.0.1:${port}` } });
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  // wrangler's proxy answers a command with the command's own id, with its result when it has one
  // (its own messages to the worker carry ids of 100000000 and up).
  let next = 0;
  const waiting = new Map();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    if (message.error) pending.reject(new Error(message.error.message));
    else pending.resolve(message.result ?? {});
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      waiting.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => socket.close() };
}

/** Runs `work` with V8's sampling profiler on in the worker; answers the profile (saved to `file`). */
export async function profileWorker(inspectorPort, file, work) {
  const inspector = await connect(inspectorPort);
  try {
    await inspector.send("Profiler.enable");
    await inspector.send("Profiler.setSamplingInterval", { interval: 100 });
    await inspector.send("Profiler.start");
    await work();
    const { profile } = await inspector.send("Profiler.stop");
    writeFileSync(file, JSON.stringify(profile));
    return profile;
  } finally {
    inspector.close();
  }
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/**
 * A source map's segments per generated line, as [column, source, line] (0-based): the small part of
 * the format a profile needs (no original columns, no names), decoded here rather than through another
 * dependency.
 */
function decodeMap(map) {
  const lines = [];
  let source = 0;
  let line = 0;
  for (const text of map.mappings.split(";")) {
    const segments = [];
    let generated = 0;
    for (const segment of text.split(",")) {
      if (!segment) continue;
      const values = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      generated += values[0];
      if (values.length < 4) continue;
      source += values[1];
      line += values[2];
      segments.push([generated, source, line]);
    }
    lines.push(segments);
  }
  return { sources: map.sources, lines };
}

/** The original file and line (1-based) of a generated position (0-based line and column). */
function originalOf(map, line, column) {
  const segments = map.lines[line] ?? [];
  let found = null;
  for (const segment of segments) {
    if (segment[0] > column) break;
    found = segment;
  }
  return found ? { source: map.sources[found[1]], line: found[2] + 1 } : null;
}

/** The build's source maps, by the chunk's file name, loaded once each. */
const maps = new Map();
function mapFor(url) {
  const name = url.split("/").pop();
  if (!name?.endsWith(".js")) return null;
  if (!maps.has(name)) {
    try {
      maps.set(name, decodeMap(JSON.parse(readFileSync(join(root, "dist/agora/assets", `${name}.map`), "utf8"))));
    } catch {
      maps.set(name, null);
    }
  }
  return maps.get(name);
}

/** A source file's path from the repository (or node_modules) on, however the map reaches it. */
const shortPath = (source) =>
  source.replace(/^.*?(node_modules\/|(?:worker|party|common|db|web)\/)/, (_, from) => from).replace(/^(\.\.\/)+/, "");

/** What a source file is, for the summary: our own folders by name, packages by package. */
function areaOf(source) {
  if (!source) return "(native: the runtime's built-ins)";
  const pkg = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  const own = source.match(/(worker\/lib|worker\/features\/[^/]+|party|common\/contract|common|db)\//);
  return own ? own[1] : shortPath(source);
}

/**
 * Self time per area and per function (with its original file and line), the largest first. `(idle)`
 * and `(program)` are the isolate waiting and V8's own work outside any function.
 */
export function summarize(profile, top = 15) {
  const dt = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const byArea = new Map();
  const byFunction = new Map();
  let total = 0;
  for (const node of profile.nodes) {
    const us = dt.get(node.id) ?? 0;
    if (us === 0) continue;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const special = /^\((idle|program|garbage collector)\)$/.test(functionName) ? functionName : null;
    let source = null;
    let line = lineNumber + 1;
    if (!special && url) {
      const map = mapFor(url);
      const original = map ? originalOf(map, lineNumber, columnNumber) : null;
      source = original?.source ?? url;
      line = original?.line ?? line;
    }
    const area = special ?? areaOf(source);
    total += us;
    byArea.set(area, (byArea.get(area) ?? 0) + us);
    const fn = special ?? `${functionName || "(anonymous)"} ${source ? `${shortPath(source)}:${line}` : "(native)"}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  }
  const rows = (m) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => `| ${name} | ${(us / 1000).toFixed(0)} | ${((100 * us) / total).toFixed(1)} % |`);
  return [
    `sampled ${(total / 1000).toFixed(0)} ms of the worker's main thread`,
    "",
    "| where (self time) | ms | share |",
    "|---|---|---|",
    ...rows(byArea),
    "",
    "| function (self time) | ms | share |",
    "|---|---|---|",
    ...rows(byFunction),
  ].join("\n");
}
