import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("scheduled cleanup", () => {
  it("drops stale rate-limit windows and expired tokens, and keeps live ones", async () => {
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    await env.DB.batch([
      env.DB.prepare("insert into rate_limits (key, window_start, count) values ('old', ?, 3), ('live', ?, 1)").bind(
        now - 2 * day,
        now,
      ),
      env.DB.prepare(
        "insert into verifications (id, identifier, value, expires_at, created_at, updated_at) values ('v-old', 'x', 'y', ?, ?, ?), ('v-live', 'x', 'y', ?, ?, ?)",
      ).bind(now - 1000, now, now, now + 60_000, now, now),
    ]);
    await (exports.default as unknown as Required<ExportedHandler>).scheduled(
      { cron: "*/15 * * * *", scheduledTime: now, noRetry() {} } as ScheduledController,
      env,
      {} as ExecutionContext,
    );
    const keys = await env.DB.prepare("select key from rate_limits where key in ('old', 'live')").all<{ key: string }>();
    expect(keys.results.map((r) => r.key)).toEqual(["live"]);
    const tokens = await env.DB.prepare("select id from verifications where id in ('v-old', 'v-live')").all<{ id: string }>();
    expect(tokens.results.map((r) => r.id)).toEqual(["v-live"]);
  });
});
