import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createCommunity, createUser, expectError, ORIGIN } from "../tests/factories";
import { MAX_JSON_BYTES } from "./lib/validation";

/**
 * A JSON route reads a JSON body and nothing else: no body, another content type or too large a body
 * is refused before the route runs, so nothing is written. Tried on creating an invite link, whose
 * body is all optional (an empty body once made a link that never expires, for unlimited uses).
 */
describe("JSON bodies", () => {
  async function owner() {
    const me = await createUser();
    const community = await createCommunity(me.user.id);
    const links = () =>
      env.DB.prepare("select count(*) as n from community_invite_links where community_id = ?")
        .bind(community.id)
        .first<{ n: number }>()
        .then((r) => r!.n);
    const create = (init: { rawBody?: string | Uint8Array; headers?: Record<string, string> }) =>
      call(`/api/communities/${community.id}/invite-links`, { method: "POST", cookie: me.cookie, ...init });
    return { links, create, communityId: community.id, cookie: me.cookie };
  }

  it("refuses a missing or empty body (422), another content type (415) and malformed JSON (400); writes nothing", async () => {
    const { links, create } = await owner();
    const missing = await expectError(await create({}), 422, "VALIDATION_FAILED");
    expect(missing.error.issues).toEqual([{ path: "(root)", message: "Required" }]);
    await expectError(await create({ rawBody: "", headers: { "content-type": "application/json" } }), 422, "VALIDATION_FAILED");
    await expectError(await create({ rawBody: "  ", headers: { "content-type": "application/json" } }), 422, "VALIDATION_FAILED");
    await expectError(
      await create({ rawBody: "maxUses=1", headers: { "content-type": "application/x-www-form-urlencoded" } }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    const form = new FormData();
    form.set("maxUses", "1");
    const multipart = new Response(form);
    await expectError(
      await create({
        rawBody: new Uint8Array(await multipart.arrayBuffer()),
        headers: { "content-type": multipart.headers.get("content-type")! },
      }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    await expectError(await create({ rawBody: "{}", headers: { "content-type": "text/plain" } }), 415, "UNSUPPORTED_MEDIA_TYPE");
    await expectError(await create({ rawBody: "{", headers: { "content-type": "application/json" } }), 400, "BAD_REQUEST");
    expect(await links()).toBe(0);
    // The same route takes `{}` as JSON, charset and all.
    const made = await create({ rawBody: "{}", headers: { "content-type": "application/json; charset=utf-8" } });
    expect(made.status).toBe(201);
    expect(await links()).toBe(1);
  });

  it("refuses a body over the cap (413), whether its length is declared or only streamed", async () => {
    const { links, create, communityId, cookie } = await owner();
    const big = JSON.stringify({ expiresIn: "x".repeat(MAX_JSON_BYTES) });
    await expectError(await create({ rawBody: big, headers: { "content-type": "application/json" } }), 413, "PAYLOAD_TOO_LARGE");
    // Streamed without a length: read up to the cap, then refused, the rest never read.
    let sent = 0;
    const chunk = new TextEncoder().encode("y".repeat(16 * 1024));
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"expiresIn":"'));
        if (sent > MAX_JSON_BYTES * 4) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await exports.default.fetch(`${ORIGIN}/api/communities/${communityId}/invite-links`, {
      method: "POST",
      headers: { origin: ORIGIN, cookie, "content-type": "application/json" },
      body: stream,
      // @ts-expect-error: workerd's fetch takes the standard's duplex for a streamed body.
      duplex: "half",
    });
    await expectError(res, 413, "PAYLOAD_TOO_LARGE");
    expect(sent).toBeLessThan(MAX_JSON_BYTES * 2);
    expect(await links()).toBe(0);
  });
});
