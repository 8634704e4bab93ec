import { queryOptions, useQuery } from "@tanstack/react-query";
import { redirect, type ParsedLocation } from "@tanstack/react-router";
import type { QueryClient } from "@tanstack/react-query";
import type { SessionUser } from "../../common/contract/me";
import { myCommunitiesKey, sessionKey } from "../../common/query-keys";
import { ApiError, call } from "./api";

export type { SessionUser };

/**
 * The signed-in user's own caches sit under ["me"]: the session, and what hangs off it (their
 * communities). A 401 re-asks only the session (exact), and signing out clears everything.
 */
export const meKeys = {
  all: sessionKey,
  session: sessionKey,
  communities: myCommunitiesKey,
};

export const meQueryOptions = queryOptions({
  queryKey: meKeys.session(),
  queryFn: async ({ signal }): Promise<SessionUser | null> => {
    try {
      return (await call("GET /api/me", { signal })).user;
    } catch (err) {
      // GET /api/me answers { user: null } to a guest. A 401 or 404 instead (an API stub without the
      // route, as in the unit tests) also means nobody is signed in, not an error in front of the page.
      if (err instanceof ApiError && (err.status === 401 || err.status === 404)) return null;
      throw err;
    }
  },
  staleTime: 60_000,
});

export function useSession() {
  const query = useQuery(meQueryOptions);
  return { user: query.data ?? null, isLoading: query.isPending, isError: query.isError, query };
}

/** 'Full Name', else the part of the e-mail before the @, else null (the caller shows 'User'). */
export function displayNameOf(user: { fullName?: string | null; email?: string | null } | null | undefined): string | null {
  const name = user?.fullName?.trim();
  if (name) return name;
  const local = user?.email?.split("@")[0]?.trim();
  return local || null;
}

/**
 * Only same-site paths are honoured, so a crafted `?redirect=https://evil.example` cannot bounce a user
 * off-site after signing in; pointing back to the auth pages would loop, so those go home.
 */
export function safeRedirect(target: unknown): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) {
    return "/";
  }
  if (/^\/auth\/(login|register)(?:[/?#]|$)/.test(target)) return "/";
  return target;
}

async function loadUser(queryClient: QueryClient): Promise<SessionUser | null> {
  try {
    return await queryClient.ensureQueryData(meQueryOptions);
  } catch {
    return null;
  }
}

function cachedUser(queryClient: QueryClient): SessionUser | null | undefined {
  return queryClient.getQueryData(meKeys.session());
}

type GuardArgs = { context: { queryClient: QueryClient }; location: ParsedLocation };

function requireUserFrom(user: SessionUser | null, location: ParsedLocation): { user: SessionUser } {
  if (!user) throw redirect({ to: "/auth/login", search: { redirect: location.href } });
  return { user };
}

/**
 * beforeLoad guard of signed-in-only routes. With the session already cached it answers synchronously,
 * so moving between tabs never flashes the pending spinner; only the first load waits for GET /api/me.
 */
export function requireUser({ context, location }: GuardArgs): { user: SessionUser } | Promise<{ user: SessionUser }> {
  const cached = cachedUser(context.queryClient);
  if (cached !== undefined) return requireUserFrom(cached, location);
  return loadUser(context.queryClient).then((user) => requireUserFrom(user, location));
}

/** beforeLoad guard of the sign-in and sign-up pages: a signed-in user has nothing to do there. */
export function redirectIfSignedIn({
  context,
  search,
}: {
  context: { queryClient: QueryClient };
  search: { redirect?: string };
}): void | Promise<void> {
  const leave = (user: SessionUser | null) => {
    if (user) throw redirect({ href: safeRedirect(search.redirect) });
  };
  const cached = cachedUser(context.queryClient);
  if (cached !== undefined) return leave(cached);
  return loadUser(context.queryClient).then(leave);
}
