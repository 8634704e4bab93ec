// The latency model's arithmetic: `node --test bench/latency/model.test.mjs` (`npm run bench:latency` runs it first). No
// server: the figures are the model's own.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CLIENT_EDGE_MS, delivery, modelled, percentile, rtt } from "./model.mjs";

test("two round trips to the primary from Sydney cost at least 560 ms on top of the local time", () => {
  const ms = modelled({ localMs: 7, hops: { client: 1, primary: 2 } }, "sydney");
  assert.ok(ms >= 560 + 7, `${ms}`);
  assert.equal(ms, 7 + CLIENT_EDGE_MS + 2 * 280);
});

test("reads on the nearest replica cost that replica's round trip, not the primary's", () => {
  assert.equal(modelled({ localMs: 0, hops: { client: 1, replica: 1 } }, "sydney"), CLIENT_EDGE_MS + rtt("sydney", "sydney"));
  assert.equal(modelled({ localMs: 0, hops: { client: 1, replica: 1 } }, "sao-paulo"), CLIENT_EDGE_MS + 120);
});

test("a room call awaited before the answer costs the round trip to where the room lives", () => {
  assert.equal(modelled({ localMs: 0, hops: { client: 1, room: 1 } }, "tbilisi", { room: "frankfurt" }), CLIENT_EDGE_MS + 50);
});

test("a message reaches a participant in Frankfurt after the write and half the way to the room and back out", () => {
  // 5 (sender to edge) + 3 local + 2 × 50 (the write) + 25 (edge to room) + 1 (room to Frankfurt's edge) + 5
  assert.equal(delivery({ localMs: 3, hops: { primary: 2 } }, "tbilisi"), 5 + 3 + 100 + 25 + 1 + 5);
});

test("percentile is the nearest rank", () => {
  assert.equal(percentile([5, 1, 3, 2, 4], 0.5), 3);
  assert.equal(percentile([1, 2, 3, 4], 0.5), 2);
});
