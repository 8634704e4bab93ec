import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Context, MiddlewareHandler } from "hono";
import { routePartykitRequest, type Lobby } from "partyserver";
import { ROOM_NAME_PATTERN, isPartyName, type PartyName } from "../../common/realtime-protocol";
import {
  ACCESS_UNTIL_HEADER,
  HIDDEN_USERS_HEADER,
  READ_ONLY_HEADER,
  SESSION_ID_HEADER,
  USER_AVATAR_HEADER,
  USER_ID_HEADER,
  USER_NAME_HEADER,
} from "../../party/room-base";
import type { AppEnv, HonoEnv } from "../env";
import { blockedBetween, memberCommunityIds, memberOf, toAccess } from "./access";
import { batch } from "./db";
import { AppError, notFound, unauthenticated } from "./errors";
import { hasMemberAccess } from "./permissions";
import { sessionStatement, sessionUserFrom, sessionUserId, type SessionColumns, type SessionUser } from "./session";
import { readSessionToken } from "./session-cookie";
import { selectAs, tableAs, type SelectAsRow } from "./sql-names";
import { communities, communityMembers, conversationParticipants, conversations } from "./tables";

/** Headers a client must never be able to set on the request a room sees. */
const isReservedHeader = (name: string) => name.startsWith("x-agora-") || name.startsWith("x-partykit-");

const noSuchRoom = () => notFound("No such room.");

/**
 * Whether the caller may join room `name` of `party` (null: no; refusals are 404 so no room's existence
 * leaks), whom in it a block stands between (they do not see each other's typing), and when the
 * access it is let in with runs out by itself (a paid member's period: the room closes it then).
 */
type Admission = { hidden: string[]; until?: number | null; readOnly?: boolean } | null;
type Caller = { user: SessionUser; sessionId: string };

const p = alias(conversationParticipants, "p");
const o = alias(conversationParticipants, "o");
const cv = alias(conversations, "cv");

/** The conversation's other participants a block stands between `me` and. */
const blockedOthers = (me: SQL) =>
  sql`from ${tableAs(o)} where ${o.conversationId} = ${cv.id} and ${o.userId} <> ${me} and ${blockedBetween(me, o.userId)}`;

/** The session's user (401 without a live session) and the session, from a row with the session's columns. */
function callerFrom(c: Context<HonoEnv>, row: SessionColumns | null | undefined): Caller {
  const user = sessionUserFrom(c, row);
  if (!user || !row?.s_id) throw unauthenticated();
  return { user, sessionId: row.s_id };
}

/**
 * The session behind `token` and the caller's admission to the room, read in one D1 round trip (the
 * session's user is read inside the room's statement), so opening a socket costs what a route's read does.
 */
const mayJoin: Record<
  PartyName,
  (c: Context<HonoEnv>, token: string, name: string) => Promise<Caller & { admission: Admission }>
> = {
  // Same gate as the community's feed: owner, or member of an approved community with paid access current.
  "community-room": async (c, token, communityId) => {
    const row = await memberOf(c.var.db, token, communityId).query;
    const caller = callerFrom(c, row);
    const access = toAccess(row, caller.user);
    if (!access.community || !hasMemberAccess(access.actor, access.community, access.membership))
      return { ...caller, admission: null };
    // The same rule as hasMemberAccess: a paid community's plain member has access until their paid time ends.
    const paidMember =
      access.community.isPaid && access.membership?.role === "member" && access.community.creatorId !== caller.user.id;
    return { ...caller, admission: { hidden: [], until: paidMember ? (access.membership?.accessUntil ?? null) : null } };
  },
  // Participants: of a group, while they are members of its community; of a direct chat, unless a block
  // stands between its two people (the history stays readable through the API, nothing is live). In a
  // group, the participants a block stands between are named for the room.
  "conversation-room": async (c, token, conversationId) => {
    const db = c.var.db;
    const me = sessionUserId(token);
    const fields = {
      hidden: sql<string | null>`(select group_concat(${o.userId}) ${blockedOthers(me)})`,
      // A group of a paid community: when the member's paid access to it ends (as hasMemberAccess reads it).
      until: sql<number | null>`(select ${communityMembers.accessUntil} from ${communityMembers}
        join ${communities} on ${communities.id} = ${communityMembers.communityId}
        where ${communityMembers.communityId} = ${cv.communityId} and ${communityMembers.profileId} = ${me}
          and ${communities.isPaid} = 1 and ${communityMembers.role} = 'member'
          and (${communities.creatorId} is null or ${communities.creatorId} <> ${me}))`,
      // A group of an archived community takes no new messages, through the socket either.
      readOnly: sql<number>`coalesce((select ${communities.archived} from ${communities} where ${communities.id} = ${cv.communityId}), 0)`,
    };
    const session = sessionStatement(db, token);
    const room = db.get<SelectAsRow<typeof fields> | undefined>(
      sql`select ${selectAs(fields)}
        from ${tableAs(p)} join ${tableAs(cv)} on ${cv.id} = ${p.conversationId}
        where ${p.conversationId} = ${conversationId} and ${p.userId} = ${me}
          and case when ${cv.type} = 'group' then ${cv.communityId} in (${memberCommunityIds(me)})
            else not exists (select 1 ${blockedOthers(me)}) end`,
    );
    const read = await batch(db, [session, room]);
    const caller = callerFrom(c, read(session));
    const row = read(room);
    const admission = row
      ? { hidden: row.hidden ? row.hidden.split(",") : [], until: row.until, readOnly: row.readOnly === 1 }
      : null;
    return { ...caller, admission };
  },
  "user-room": async (c, token, userId) => {
    const caller = callerFrom(c, await sessionStatement(c.var.db, token));
    return { ...caller, admission: caller.user.id === userId ? { hidden: [] } : null };
  },
};

function allowedOrigins(requestUrl: string, env: AppEnv): Set<string> {
  const origins = new Set([new URL(requestUrl).origin]);
  try {
    origins.add(new URL(env.APP_URL).origin);
  } catch {
    // APP_URL unset or malformed: only the request's own origin is allowed.
  }
  return origins;
}

/**
 * `/parties/:party/:room`: authorises the WebSocket upgrade (session cookie, then membership,
 * participation or ownership of the user room) and hands it to the room's Durable Object with the
 * user id in `x-agora-user-id`, which it sets itself after deleting whatever the client sent.
 * Everything else under /parties (plain HTTP, unknown parties, odd paths) is a 404.
 */
export const realtime = (): MiddlewareHandler<HonoEnv> => async (c) => {
  const url = new URL(c.req.url);
  const parts = url.pathname.split("/").slice(1);
  const [prefix, party, room] = parts;
  if (parts.length !== 3 || prefix !== "parties" || !party || !room || !isPartyName(party) || !ROOM_NAME_PATTERN.test(room)) {
    throw noSuchRoom();
  }
  const isUpgrade = c.req.method === "GET" && c.req.header("upgrade")?.toLowerCase() === "websocket";
  if (!isUpgrade) throw noSuchRoom();

  // Browsers always send Origin on a WebSocket handshake; a foreign one is cross-site WebSocket hijacking.
  const origin = c.req.header("origin");
  if (origin !== undefined && !allowedOrigins(c.req.url, c.env).has(origin)) {
    throw new AppError("FORBIDDEN", "Cross-site WebSocket connections are not allowed.");
  }

  const headers = new Headers();
  for (const [name, value] of c.req.raw.headers) {
    if (!isReservedHeader(name.toLowerCase())) headers.append(name, value);
  }
  // Connection ids are ours, not the client's `_pk`: two clients (or an attacker) choosing the same id
  // would otherwise share one id in the room.
  url.searchParams.set("_pk", crypto.randomUUID());
  const request = new Request(url, { method: "GET", headers });

  const guard = async (req: Request, lobby: Lobby<AppEnv>): Promise<Request> => {
    const token = await readSessionToken(c.env, req.headers);
    if (!token) throw unauthenticated();
    const { admission, ...session } = await mayJoin[party](c, token, lobby.name);
    if (!admission) throw noSuchRoom();
    const forwarded = new Request(req);
    forwarded.headers.set(USER_ID_HEADER, session.user.id);
    forwarded.headers.set(SESSION_ID_HEADER, session.sessionId);
    if (admission.hidden.length) forwarded.headers.set(HIDDEN_USERS_HEADER, admission.hidden.join(","));
    if (admission.until != null) forwarded.headers.set(ACCESS_UNTIL_HEADER, String(admission.until));
    if (admission.readOnly !== undefined) forwarded.headers.set(READ_ONLY_HEADER, admission.readOnly ? "1" : "0");
    // How messages sent through the socket show the sender.
    forwarded.headers.set(USER_NAME_HEADER, encodeURIComponent(session.user.fullName));
    if (session.user.avatarUrl) forwarded.headers.set(USER_AVATAR_HEADER, encodeURIComponent(session.user.avatarUrl));
    // The room needs the identity, not the credentials.
    forwarded.headers.delete("cookie");
    forwarded.headers.delete("authorization");
    return forwarded;
  };

  const response = await routePartykitRequest(request, c.env, {
    prefix: "parties",
    onBeforeConnect: guard,
    // Unreachable (plain HTTP is refused above); kept so a future change cannot open rooms to HTTP.
    onBeforeRequest: () => {
      throw noSuchRoom();
    },
  });
  if (!response) throw noSuchRoom();
  return response;
};
