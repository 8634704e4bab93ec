import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { parseQueryStats } from "../worker/lib/query-count";
import { addMember, createCommunity, createConversation, createUser } from "../tests/factories";
import { closeAll, connect, expectRefused, upgrade } from "./test-socket";

afterEach(closeAll);

describe("who may open a room (authorised at the upgrade)", () => {
  it("refuses every party without a session: 401 UNAUTHENTICATED envelope", async () => {
    const owner = await createUser();
    const community = await createCommunity(owner.user.id);
    const conversation = await createConversation("group", [owner.user.id]);
    await expectRefused(await upgrade(`/parties/user-room/${owner.user.id}`), 401, "UNAUTHENTICATED");
    await expectRefused(await upgrade(`/parties/community-room/${community.id}`), 401, "UNAUTHENTICATED");
    await expectRefused(await upgrade(`/parties/conversation-room/${conversation.id}`), 401, "UNAUTHENTICATED");
    await expectRefused(
      await upgrade(`/parties/user-room/${owner.user.id}`, { cookie: "agora.session_token=forged.value" }),
      401,
      "UNAUTHENTICATED",
    );
  });

  it("reads the session and the admission in one D1 round trip, whichever the room", async () => {
    const owner = await createUser();
    const outsider = await createUser();
    const community = await createCommunity(owner.user.id);
    const conversation = await createConversation("group", [owner.user.id]);
    // A refusal comes after the whole check (a socket's 101 carries no Server-Timing).
    for (const path of [
      `/parties/user-room/${owner.user.id}`,
      `/parties/community-room/${community.id}`,
      `/parties/conversation-room/${conversation.id}`,
    ]) {
      const refused = await upgrade(path, { cookie: outsider.cookie });
      expect(refused.status).toBe(404);
      expect(parseQueryStats(refused.headers.get("server-timing"))?.roundTrips).toBe(1);
    }
  });

  it("refuses someone else's user room with 404", async () => {
    const alice = await createUser();
    const bob = await createUser();
    await expectRefused(await upgrade(`/parties/user-room/${bob.user.id}`, { cookie: alice.cookie }), 404, "NOT_FOUND");
    const own = await connect(`/parties/user-room/${alice.user.id}`, { cookie: alice.cookie });
    expect((await own.next("welcome")).userId).toBe(alice.user.id);
  });

  it("refuses a non-member's community room with 404, the same answer as for a community that does not exist", async () => {
    const owner = await createUser();
    const outsider = await createUser();
    const community = await createCommunity(owner.user.id);
    await expectRefused(await upgrade(`/parties/community-room/${community.id}`, { cookie: outsider.cookie }), 404, "NOT_FOUND");
    await expectRefused(
      await upgrade(`/parties/community-room/no-such-community`, { cookie: outsider.cookie }),
      404,
      "NOT_FOUND",
    );
    const member = await connect(`/parties/community-room/${community.id}`, { cookie: owner.cookie });
    await member.next("welcome");
  });

  it("applies the feed's member gate: unapproved communities admit only the owner, lapsed paid access is refused", async () => {
    const owner = await createUser();
    const member = await createUser();
    const review = await createCommunity(owner.user.id, { reviewStatus: "under_review" });
    await addMember(review.id, member.user.id);
    await expectRefused(await upgrade(`/parties/community-room/${review.id}`, { cookie: member.cookie }), 404, "NOT_FOUND");
    await (await connect(`/parties/community-room/${review.id}`, { cookie: owner.cookie })).next("welcome");

    const paid = await createCommunity(owner.user.id, { isPaid: true });
    await addMember(paid.id, member.user.id);
    await env.DB.prepare("update community_members set access_until = ? where community_id = ? and profile_id = ?")
      .bind(Date.now() - 60_000, paid.id, member.user.id)
      .run();
    await expectRefused(await upgrade(`/parties/community-room/${paid.id}`, { cookie: member.cookie }), 404, "NOT_FOUND");
  });

  it("refuses a non-participant's conversation room with 404", async () => {
    const alice = await createUser();
    const bob = await createUser();
    const eve = await createUser();
    const conversation = await createConversation("direct", [alice.user.id, bob.user.id]);
    await expectRefused(await upgrade(`/parties/conversation-room/${conversation.id}`, { cookie: eve.cookie }), 404, "NOT_FOUND");
    await (await connect(`/parties/conversation-room/${conversation.id}`, { cookie: bob.cookie })).next("welcome");
  });

  it("answers plain HTTP, unknown parties and odd paths under /parties with 404, never reaching a room", async () => {
    const alice = await createUser();
    const own = `/parties/user-room/${alice.user.id}`;
    const plain = await upgrade(own, { cookie: alice.cookie, headers: { Upgrade: "" } });
    await expectRefused(plain, 404, "NOT_FOUND");
    for (const path of [
      "/parties/main/x",
      "/parties/UserRoom/" + alice.user.id,
      "/parties/user-room",
      `/parties/user-room/${alice.user.id}/extra`,
      "/parties/user-room/..%2Fx",
      "/parties/user-room/" + "x".repeat(200),
    ]) {
      await expectRefused(await upgrade(path, { cookie: alice.cookie }), 404, "NOT_FOUND");
    }
  });

  it("refuses a cross-site handshake (foreign Origin) and accepts our own origin", async () => {
    const alice = await createUser();
    const path = `/parties/user-room/${alice.user.id}`;
    await expectRefused(
      await upgrade(path, { cookie: alice.cookie, headers: { origin: "https://evil.example" } }),
      403,
      "FORBIDDEN",
    );
    await (await connect(path, { cookie: alice.cookie, headers: { origin: "http://app.test" } })).next("welcome");
  });

  it("ignores a forged x-agora-user-id header: identity comes only from the session", async () => {
    const alice = await createUser();
    const bob = await createUser();
    const forged = { "x-agora-user-id": bob.user.id, "X-Agora-User-Id": bob.user.id };
    // Into Bob's room with Alice's cookie and Bob's id in the header: still refused.
    await expectRefused(
      await upgrade(`/parties/user-room/${bob.user.id}`, { cookie: alice.cookie, headers: forged }),
      404,
      "NOT_FOUND",
    );
    // Into a room Alice may join: the room sees Alice, not the header's Bob.
    const community = await createCommunity(alice.user.id);
    const socket = await connect(`/parties/community-room/${community.id}`, { cookie: alice.cookie, headers: forged });
    expect((await socket.next("welcome")).userId).toBe(alice.user.id);
    expect((await socket.next("presence")).online).toEqual([alice.user.id]);
  });

  it("assigns connection ids itself, so two clients sending the same _pk stay distinct", async () => {
    const alice = await createUser();
    const path = `/parties/user-room/${alice.user.id}?_pk=same-id`;
    const a = await connect(path, { cookie: alice.cookie });
    const b = await connect(path, { cookie: alice.cookie });
    const [wa, wb] = [await a.next("welcome"), await b.next("welcome")];
    expect(wa.connectionId).not.toBe("same-id");
    expect(wa.connectionId).not.toBe(wb.connectionId);
  });
});
