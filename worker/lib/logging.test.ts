import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { HonoEnv } from "../env";
import { requestContext } from "./logging";

const secret = "s3cr3t-Token_0123456789abcdefghijklmnopqrstuv";

/** Every address that carries a secret, in its path or its query, as a browser or a calendar app asks for it. */
const secretAddresses = [
  `/api/auth/reset-password/${secret}?callbackURL=%2Freset`,
  `/api/auth/verify-email?token=${secret}&callbackURL=%2F`,
  `/api/invites/${secret}`,
  `/api/invites/${secret}/join`,
  `/invite/${secret}`,
  `/ics/feed/${secret}`,
  `/ics/feed/${secret}/`,
  `/unsubscribe?token=${secret}`,
  `/api/notifications/unsubscribe?token=${secret}`,
];

afterEach(() => vi.restoreAllMocks());

/** The access log's lines for these requests, through the worker's own request middleware. */
async function logLinesFor(paths: string[]): Promise<string[]> {
  const lines: string[] = [];
  vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
  const app = new Hono<HonoEnv>().use(requestContext()).all("*", (c) => c.text("ok"));
  for (const path of paths) {
    await app.request(path, { method: path.endsWith("/join") ? "POST" : "GET" }, { APP_ENV: "development" });
  }
  return lines;
}

describe("the access log", () => {
  it("writes one line per request and never a secret of a link, in its path or its query", async () => {
    const lines = await logLinesFor(secretAddresses);
    expect(lines).toHaveLength(secretAddresses.length);
    for (const line of lines) expect(line).not.toContain(secret.slice(0, 12));
    expect(lines.map((line) => JSON.parse(line).path)).toEqual([
      "/api/auth/reset-password/[redacted]",
      "/api/auth/verify-email",
      "/api/invites/[redacted]",
      "/api/invites/[redacted]",
      "/invite/[redacted]",
      "/ics/feed/[redacted]",
      "/ics/feed/[redacted]",
      "/unsubscribe",
      "/api/notifications/unsubscribe",
    ]);
  });

  it("keeps every other path as it is, so the log still tells what was asked", async () => {
    const lines = await logLinesFor(["/api/communities/c1/posts", "/invite/", "/ics/feed"]);
    expect(lines.map((line) => JSON.parse(line).path)).toEqual(["/api/communities/c1/posts", "/invite/", "/ics/feed"]);
  });
});
