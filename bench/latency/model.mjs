// The arithmetic of the worldwide latency model: published round-trip times between places, and the
// modelled time of an action from its measured local time and the hops it makes. No I/O here, so the
// node test (bench/latency/model.test.mjs) checks the figures the README reports are built from.

/**
 * Round-trip times in ms between the places the model needs, rounded from published figures
 * (bench/README.md, "Worldwide latency model", lists the sources). Symmetric: look up with `rtt`.
 */
export const RTT_MS = {
  "tbilisi:frankfurt": 50,
  "sydney:frankfurt": 280,
  "sao-paulo:frankfurt": 200,
  // The nearest D1 read-replica regions: Eastern Europe for Tbilisi, Oceania for Sydney, and for São
  // Paulo Eastern North America (D1 has no South American replica region).
  "tbilisi:warsaw": 45,
  "sydney:sydney": 2,
  "sao-paulo:ashburn": 120,
  // Within one metro area (a room first used there, the edge beside it).
  "tbilisi:tbilisi": 2,
  "sao-paulo:sao-paulo": 2,
  "frankfurt:frankfurt": 2,
};

/** A member's device to the Cloudflare location that serves it. */
export const CLIENT_EDGE_MS = 10;

/** D1's primary (Western Europe). */
export const PRIMARY = "frankfurt";

/** Where the D1 read replica nearest each member's edge location is. */
export const NEAREST_REPLICA = { tbilisi: "warsaw", sydney: "sydney", "sao-paulo": "ashburn", frankfurt: "frankfurt" };

export const CITIES = ["tbilisi", "sydney", "sao-paulo"];
export const CITY_NAMES = { tbilisi: "Tbilisi", sydney: "Sydney", "sao-paulo": "São Paulo" };

export function rtt(a, b) {
  const ms = RTT_MS[`${a}:${b}`] ?? RTT_MS[`${b}:${a}`];
  if (ms === undefined) throw new Error(`no round-trip time between ${a} and ${b}`);
  return ms;
}

/**
 * An action's hops, each a count of sequential round trips:
 * - `client`: client ↔ edge (requests the page or app makes one after another);
 * - `primary`: worker ↔ D1 primary (writes, and every read when replicas are off);
 * - `replica`: worker ↔ the nearest D1 read replica (reads in a D1 session);
 * - `room`: worker ↔ the room (Durable Object), awaited before the answer.
 */
export const noHops = { client: 1, primary: 0, replica: 0, room: 0 };

/**
 * Modelled ms of an action for a member at `city`: measured local time + Σ hops × their round trip.
 * `room` is where the Durable Object lives (the place of whoever used it first).
 */
export function modelled({ localMs, hops }, city, { room = PRIMARY } = {}) {
  const h = { ...noHops, ...hops };
  return (
    localMs +
    h.client * CLIENT_EDGE_MS +
    h.primary * rtt(city, PRIMARY) +
    h.replica * rtt(city, NEAREST_REPLICA[city]) +
    h.room * rtt(city, room)
  );
}

/**
 * When the other participant of a conversation sees a message: the sender's request reaches the edge
 * (half a round trip), the write commits, the worker calls the room (half a round trip: the frame
 * leaves once it arrives), and the room pushes the frame to the other person's edge and device (half of
 * each round trip). `other` is where that person is; the room lives at `room`.
 */
export function delivery({ localMs, hops }, city, { room = PRIMARY, other = PRIMARY } = {}) {
  const h = { ...noHops, ...hops };
  return (
    CLIENT_EDGE_MS / 2 +
    localMs +
    h.primary * rtt(city, PRIMARY) +
    h.replica * rtt(city, NEAREST_REPLICA[city]) +
    rtt(city, room) / 2 +
    rtt(room, other) / 2 +
    CLIENT_EDGE_MS / 2
  );
}

/** The q-quantile (0..1) of numbers, nearest rank. */
export function percentile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
