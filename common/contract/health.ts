import { z } from "zod";
import { endpoint } from "./http";

/** Liveness, and readiness through one indexed D1 read (also the benchmarks' baseline). */
export const health = {
  live: endpoint("GET", "/api/health", { response: z.object({ ok: z.literal(true) }) }),
  db: endpoint("GET", "/api/health/db", { response: z.object({ ok: z.literal(true), db: z.literal(true) }) }),
};
