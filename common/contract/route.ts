/**
 * The zod-free half of the contract: what the browser needs at run time to reach an endpoint. The web
 * imports the schemas' types only, so zod never ships in its bundle.
 */

export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** `"postId" | "commentId"` from `"/api/posts/:postId/comments/:commentId"`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** An endpoint's name on both sides: `"METHOD /path"`, e.g. `"GET /api/posts/:postId"`. */
export type RouteOf<M extends Method, P extends string> = `${M} ${P}`;

/** Method and path template of a route name. */
export function splitRoute(route: string): { method: Method; path: string } {
  const space = route.indexOf(" ");
  return { method: route.slice(0, space) as Method, path: route.slice(space + 1) };
}

/** A path with its parameters filled in, each one URL-encoded. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}
