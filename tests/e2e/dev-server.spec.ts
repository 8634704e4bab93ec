import { expect, test } from "@playwright/test";

/**
 * Requests the worker answers without reading their body (refused before parsing, unknown paths) must
 * not break the requests that follow on the same server. The body is streamed, as browsers and
 * proxies do with large uploads, which is what left the dev server's pooled connection unusable.
 */
test("a body the worker does not read leaves the next requests unharmed", async ({ baseURL }) => {
  const chunk = new TextEncoder().encode("y".repeat(100_000));
  const streamed = () =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 30; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
  const failures: string[] = [];
  for (let round = 0; round < 8; round++) {
    for (const path of ["/api/posts/x/like", "/api/no-such-endpoint"]) {
      const refused = await fetch(`${baseURL}${path}`, {
        method: "POST",
        body: round % 2 ? streamed() : "x".repeat(3_000_000),
        headers: { origin: baseURL!, "content-type": "application/json" },
        // Node's fetch needs this for a stream body.
        ...({ duplex: "half" } as object),
      });
      await refused.arrayBuffer();
      if (![401, 404].includes(refused.status)) failures.push(`${path}: ${refused.status}`);
      const next = await fetch(`${baseURL}/api/health`);
      if (next.status !== 200) failures.push(`after ${path}: ${next.status} ${(await next.text()).slice(0, 80)}`);
    }
  }
  expect(failures).toEqual([]);
});
