import { describe, expect, it } from "vitest";
import type { BlockedPerson } from "../../../common/contract/blocks";
import { call, createUser, expectError } from "../../../tests/factories";

const list = async (cookie: string) =>
  ((await (await call("/api/me/blocks", { cookie })).json()) as { items: BlockedPerson[] }).items.map((p) => p.id);

describe("blocks", () => {
  it("are set once, listed for the one who blocked, and lifted only by them", async () => {
    const ana = await createUser({ name: "Ana" });
    const giorgi = await createUser({ name: "Giorgi" });
    for (let i = 0; i < 2; i++) {
      expect((await call(`/api/users/${giorgi.user.id}/block`, { method: "PUT", cookie: ana.cookie })).status).toBe(200);
    }
    expect(await list(ana.cookie)).toEqual([giorgi.user.id]);
    expect(await list(giorgi.cookie)).toEqual([]);
    // The blocked person cannot lift it: their unblock touches only blocks of their own.
    expect((await call(`/api/users/${ana.user.id}/block`, { method: "DELETE", cookie: giorgi.cookie })).status).toBe(200);
    expect(await list(ana.cookie)).toEqual([giorgi.user.id]);
    // Nor message the one who blocked them.
    await expectError(await call("/api/conversations/direct", { body: { userId: ana.user.id }, cookie: giorgi.cookie }), 403);
    expect((await call(`/api/users/${giorgi.user.id}/block`, { method: "DELETE", cookie: ana.cookie })).status).toBe(200);
    expect(await list(ana.cookie)).toEqual([]);
    expect((await call("/api/conversations/direct", { body: { userId: ana.user.id }, cookie: giorgi.cookie })).status).toBe(200);
  });

  it("refuse oneself, unknown people and guests", async () => {
    const ana = await createUser();
    await expectError(await call(`/api/users/${ana.user.id}/block`, { method: "PUT", cookie: ana.cookie }), 400);
    await expectError(await call("/api/users/nobody/block", { method: "PUT", cookie: ana.cookie }), 404);
    await expectError(await call(`/api/users/${ana.user.id}/block`, { method: "PUT" }), 401);
    await expectError(await call("/api/me/blocks"), 401);
    expect(await list(ana.cookie)).toEqual([]);
  });
});
