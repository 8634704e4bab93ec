import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../common/contract";
import type { ReviewStatus } from "../common/contract/enums";
import type { Endpoint } from "../common/contract/http";
import { fillPath } from "../common/contract/route";
import { PARTIES, type PartyName } from "../common/realtime-protocol";
import { accept, closeAll, upgrade, type TestSocket } from "../party/test-socket";
import { call, createUser } from "../tests/factories";
import { requests, type RequestContext, type RequestSpec } from "./authorization-matrix.requests";
import { callers, roomTable, scopes, table, type Caller, type Scope } from "./authorization-matrix.table";
import {
  createCommunity,
  createPeople,
  createStrangersChat,
  readersOf,
  registry,
  type CommunityWorld,
  type Layout,
  type People,
} from "./authorization-matrix.world";

/**
 * Every route of the contract and every realtime room, called as every kind of caller on objects of
 * their own community and of others, against the expected table (authorization-matrix.table.ts).
 * Every answer and every room frame is also scanned for what its caller may not see: other people's
 * e-mails, phone numbers, session and reset tokens, contact numbers of communities they do not run,
 * and content of communities they have no access to (or that a block hides from them).
 */

type World = {
  people: People;
  home: CommunityWorld;
  review: CommunityWorld;
  away: CommunityWorld;
  strangersChat: string;
  account: { email: string; password: string };
};
let world: World;

beforeAll(async () => {
  const people = await createPeople();
  const [home, review, away, strangersChat, account] = await Promise.all([
    createCommunity(people, "home"),
    createCommunity(people, "home", { status: "under_review" }),
    createCommunity(people, "away"),
    createStrangersChat(people),
    createUser(),
  ]);
  world = { people, home, review, away, strangersChat, account: { email: account.user.email, password: account.password } };
}, 30_000);

afterAll(closeAll);

const byRoute = new Map<string, Endpoint>(endpoints.map((e) => [e.route, e]));
const specs: Record<string, RequestSpec> = requests;

describe("the authorization matrix", () => {
  it("has an entry and a request for every route of the contract, and none for a route that does not exist", () => {
    const routes = [...byRoute.keys()];
    expect(routes.filter((route) => !(route in table)).map((route) => `${route}: not in the table`)).toEqual([]);
    expect(routes.filter((route) => !(route in specs)).map((route) => `${route}: no request`)).toEqual([]);
    expect(Object.keys(table).filter((route) => !byRoute.has(route))).toEqual([]);
    expect(Object.keys(specs).filter((route) => !byRoute.has(route))).toEqual([]);
  });

  it("answers every caller as the table says, on every route, and leaks nothing", async () => {
    const cells = Object.entries(table).flatMap(([route, entry]) =>
      scopes.flatMap((scope) => (entry[scope] ? callers.map((caller) => ({ route, scope, caller })) : [])),
    );
    const mismatches: string[] = [];
    const leaks: string[] = [];
    await inParallel(cells, 6, async ({ route, scope, caller }) => {
      const expected = table[route]![scope]!.statuses[caller];
      const { status, text } = await callRoute(route, scope, caller);
      if (status !== expected)
        mismatches.push(`${route} [${scope}] ${caller}: expected ${expected}, got ${status} ${brief(text)}`);
      leaks.push(...leaksIn(text, caller, route).map((leak) => `${route} [${scope}] ${caller}: ${leak}`));
    });
    expect.soft(mismatches.sort()).toEqual([]);
    expect(leaks.sort()).toEqual([]);
    // Every route times every caller: minutes on a shared machine, and it grows with each route.
  }, 600_000);

  it("answers the away community's own owner like home's owner, so refusals there are about who asks, not wrong ids", async () => {
    const differences: string[] = [];
    await inParallel(
      Object.entries(table).filter(([, entry]) => entry.away),
      6,
      async ([route, entry]) => {
        const expected = entry.home!.statuses.owner;
        const { status, text } = await callRoute(route, "away", "stranger");
        if (status !== expected) differences.push(`${route}: expected ${expected}, got ${status} ${brief(text)}`);
      },
    );
    expect(differences.sort()).toEqual([]);
  }, 60_000);

  it("opens realtime rooms to whom the table says, and their frames leak nothing", async () => {
    const { people, home } = world;
    const mismatches: string[] = [];
    const open: { caller: Caller; path: string; socket: TestSocket }[] = [];
    for (const party of PARTIES) {
      for (const scope of scopes) {
        const row = roomTable[party][scope];
        if (!row) continue;
        for (const caller of callers) {
          const path = `/parties/${party}/${roomName(party, scope, caller)}`;
          const me = caller === "guest" ? undefined : people[caller];
          const res = await upgrade(path, { cookie: me?.cookie });
          if (res.status !== row.statuses[caller])
            mismatches.push(`${path} [${scope}] ${caller}: expected ${row.statuses[caller]}, got ${res.status}`);
          if (res.webSocket) open.push({ caller, path, socket: accept(path, res.webSocket) });
          else await res.body?.cancel();
        }
      }
    }
    expect.soft(mismatches).toEqual([]);

    // Live traffic while everyone is connected: a comment on the author's post (a room event for the
    // community, a notification for the author) and a like on it.
    const since = new Map(open.map((o) => [o, o.socket.frames.length]));
    const comment = await call(`/api/posts/${home.postId}/comments`, {
      body: { content: `[[c:${home.key}]] a live comment` },
      cookie: people.member.cookie,
    });
    expect(comment.status).toBe(201);
    expect((await call(`/api/posts/${home.postId}/like`, { method: "POST", cookie: people.moderator.cookie })).status).toBe(200);
    // A message in the group chat by the author: every participant's socket gets it but the one the author blocked.
    const message = await call(`/api/conversations/${home.chatId}/messages`, {
      body: { id: crypto.randomUUID(), content: `[[b:${home.key}]] a live message` },
      cookie: people.author.cookie,
    });
    expect(message.status).toBe(201);
    const chatRoom = open.filter((o) => o.path === `/parties/conversation-room/${home.chatId}`);
    await Promise.all(
      chatRoom.filter((o) => o.caller !== "blocked").map((o) => o.socket.next("message.created", undefined, since.get(o))),
    );
    const homeRoom = open.filter((o) => o.path === `/parties/community-room/${home.id}`);
    const authorRoom = open.find((o) => o.path === `/parties/user-room/${people.author.id}`)!;
    await Promise.all([
      ...homeRoom.map((o) => o.socket.next("comment.created", undefined, since.get(o))),
      authorRoom.socket.next("notification.created", undefined, since.get(authorRoom)),
    ]);

    const leaks = open.flatMap(({ caller, path, socket }) =>
      leaksIn(socket.raw.join("\n"), caller, `ROOM ${path}`).map((leak) => `${path} ${caller}: ${leak}`),
    );
    expect(leaks).toEqual([]);
  }, 60_000);
});

function roomName(party: PartyName, scope: Scope, caller: Caller): string {
  const { people, home, review, away, strangersChat } = world;
  const me = caller === "guest" ? people.stranger : people[caller];
  if (party === "community-room") return scope === "away" ? away.id : scope === "review" ? review.id : home.id;
  if (party === "conversation-room") return scope === "away" ? strangersChat : home.chatId;
  return scope === "away" ? people.stranger.id : me.id;
}

let calls = 0;

/** One cell of the matrix: the route's request built for this caller and scope, sent like the browser. */
async function callRoute(route: string, scope: Scope, caller: Caller | "stranger"): Promise<{ status: number; text: string }> {
  const endpoint = byRoute.get(route)!;
  const spec = specs[route]!;
  const place = async (layout: Layout, status: ReviewStatus, shared: CommunityWorld) =>
    spec.fresh
      ? createCommunity(world.people, layout, {
          status: spec.fresh.status ?? status,
          archived: spec.fresh.archived,
          paid: spec.fresh.paid,
        })
      : shared;
  const community =
    scope === "away"
      ? await place("away", "approved", world.away)
      : scope === "review"
        ? await place("home", "under_review", world.review)
        : await place("home", "approved", world.home);
  const target = scope === "cross" ? await place("away", "approved", world.away) : community;
  const me = caller === "guest" ? null : world.people[caller];
  const ctx: RequestContext = {
    caller,
    scope,
    me,
    people: world.people,
    community,
    target,
    unique: `${++calls}-${caller}`,
    account: world.account,
  };
  const request = await spec.build(ctx);
  const query = request.query ? `?${new URLSearchParams(request.query)}` : "";
  const res = await call(`${fillPath(endpoint.path, request.params)}${query}`, {
    method: endpoint.method,
    cookie: "cookie" in request ? request.cookie : me?.cookie,
    body: request.body,
    rawBody: request.raw?.bytes,
    headers: { ...(request.raw ? { "content-type": request.raw.contentType } : {}), ...request.headers },
  });
  const decision = /^POST \/api\/admin\/communities\/:id\/(approve|restore|reject|suspend)$/.exec(route)?.[1];
  if (decision && res.status === 200) {
    // Who may read the community changed with its status; later answers (a conversation list spans every
    // community) are judged by the new readers.
    const layout: Layout = scope === "away" ? "away" : "home";
    registry.readers.set(
      community.key,
      readersOf(layout, decision === "approve" || decision === "restore" ? "approved" : "suspended"),
    );
  }
  const headers = [...res.headers].map(([name, value]) => `${name}: ${value}`).join("\n");
  return { status: res.status, text: `${headers}\n\n${await res.text()}` };
}

/** The error code and message of an answer, for a readable mismatch. */
function brief(text: string): string {
  const match = /"code":"([^"]*)","message":"([^"]*)"/.exec(text);
  return match ? `${match[1]}: ${match[2]}` : "";
}

/**
 * What an answer (or room frame) to `caller` carries that they may not see. Staff's console shows
 * the e-mail of each community's creator (every caller creates one here) and reported content, so
 * staff may see those on /api/admin routes.
 */
function leaksIn(text: string, caller: Caller, route: string): string[] {
  const console = caller === "staff" && route.includes(" /api/admin/");
  // The data export carries the caller's own posts and comments, also those in communities they can no
  // longer read (account.routes.test.ts proves it carries nobody else's words).
  const ownWriting = route === "GET /api/account/export";
  const found: string[] = [];
  for (const [label, person] of Object.entries(world.people)) {
    if (label === caller) continue;
    if (text.includes(person.email) && !console) found.push(`${label}'s e-mail`);
    if (text.includes(person.token)) found.push(`${label}'s session token`);
    if (text.includes(person.resetToken)) found.push(`${label}'s reset token`);
  }
  for (const [number] of text.matchAll(/\+995\d{9}/g)) {
    const person = phoneOwners().get(number!);
    if (person && person !== caller) found.push(`${person}'s phone number`);
    const runners = registry.contactNumbers.get(number!);
    if (runners && !runners.has(caller)) found.push(`the contact number of a community they do not run (${number})`);
  }
  for (const [, kind, key] of text.matchAll(/\[\[(c|b):([0-9a-f]{8})\]\]/g)) {
    if (console || ownWriting) continue;
    if (!registry.readers.get(key!)?.has(caller)) found.push(`content of a community they cannot read (${key})`);
    else if (kind === "b" && caller === "blocked") found.push(`content the author's block hides (${key})`);
  }
  return [...new Set(found)];
}

let owners: Map<string, string> | undefined;
const phoneOwners = () => (owners ??= new Map(Object.entries(world.people).map(([label, person]) => [person.phone, label])));

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}
