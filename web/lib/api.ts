import type { BodyOf, Endpoints, ParamsOf, QueryOf, ResponseOf, Route } from "../../common/contract";
import { isLanguage } from "../../common/contract/enums";
import type { FieldIssue } from "../../common/contract/http";
import { fillPath, splitRoute, type PathParams } from "../../common/contract/route";

/** Every failed request ends up as one of these, whatever shape the server's error took. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: FieldIssue[];
  readonly requestId: string | undefined;
  /** The message is the server's own (in the language asked for), not one made up here from the status. */
  readonly fromServer: boolean;

  constructor(status: number, code: string, message: string, issues: FieldIssue[] = [], requestId?: string, fromServer = true) {
    super(message);
    this.fromServer = fromServer;
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.requestId = requestId;
  }
}

export const NETWORK_ERROR = "NETWORK_ERROR";

type Query = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Sent as the Idempotency-Key header (see create-mutation.ts). */
  idempotencyKey?: string;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function toIssues(value: unknown): FieldIssue[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (!isRecord(item) || typeof item.message !== "string") return [];
    const path = Array.isArray(item.path) ? item.path.join(".") : String(item.path ?? "");
    return [{ path, message: item.message }];
  });
}

/**
 * Our API answers `{ error: { code, message, requestId, issues } }`; better-auth's own endpoints may answer
 * `{ code, message }`. Both become an ApiError so callers never care which one spoke.
 */
export function errorFromBody(status: number, body: unknown, statusText = ""): ApiError {
  const e = isRecord(body) ? (isRecord(body.error) ? body.error : body) : {};
  const told = typeof e.message === "string" ? e.message : "";
  return new ApiError(
    status,
    typeof e.code === "string" ? e.code : `HTTP_${status}`,
    told || statusText || `Request failed (${status})`,
    toIssues(e.issues),
    typeof e.requestId === "string" ? e.requestId : undefined,
    told !== "",
  );
}

export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes("?") ? "&" : "?"}${qs}` : path;
}

/**
 * The language the app is shown in, read from <html lang> (web/lib/i18n.ts keeps it on the current
 * language, the server's page sets it before that): the API answers its error messages in it.
 */
function shownLanguage(): string | undefined {
  if (typeof document === "undefined") return undefined;
  const lang = document.documentElement.lang;
  return isLanguage(lang) ? lang : undefined;
}

/** One HTTP exchange with our API: JSON in and out, every failure an ApiError. `call` gives it its types. */
export async function request(method: string, path: string, options: RequestOptions = {}): Promise<unknown> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  const language = shownLanguage();
  if (language) headers["Accept-Language"] = language;
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }

  let res: Response;
  try {
    res = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: "same-origin",
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiError(0, NETWORK_ERROR, "Network error");
  }

  const text = res.status === 204 ? "" : await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!res.ok) throw errorFromBody(res.status, data, res.statusText);
  return data;
}

type CallOptions<R extends Route> = { signal?: AbortSignal } & (Endpoints[R]["idempotent"] extends true
  ? { idempotencyKey: string }
  : { idempotencyKey?: undefined }) &
  (PathParams<Endpoints[R]["path"]> extends never ? { params?: undefined } : { params: ParamsOf<R> }) &
  (Endpoints[R]["query"] extends undefined ? { query?: undefined } : { query?: QueryOf<R> }) &
  (Endpoints[R]["body"] extends undefined
    ? { body?: undefined }
    : undefined extends BodyOf<R>
      ? { body?: BodyOf<R> }
      : { body: BodyOf<R> });

/** The options may be left out when none is required (no path parameters, no required body). */
type CallArgs<R extends Route> = object extends CallOptions<R> ? [options?: CallOptions<R>] : [options: CallOptions<R>];

const sendsBody = new Set(["POST", "PATCH", "PUT"]);

/**
 * Calls one endpoint of the contract by its route, e.g. `call("GET /api/posts/:postId", { params: { postId } })`.
 * Parameters, query and body are typed by the contract's request schemas and the result by its response
 * schema; an endpoint the contract marks idempotent requires the action's `idempotencyKey`. The answer is not validated again here: the worker already serialised it through that schema,
 * and zod in the browser would cost more than the first-route budget has left.
 */
export function call<R extends Route>(route: R, ...[options]: CallArgs<R>): Promise<ResponseOf<R>> {
  const { method, path } = splitRoute(route);
  const opts = (options ?? {}) as { params?: Record<string, string> } & RequestOptions;
  // Writes always carry a JSON body (our routes read `{}` as "nothing to say").
  const body = opts.body ?? (sendsBody.has(method) ? {} : undefined);
  return request(method, fillPath(path, opts.params), {
    query: opts.query,
    body,
    signal: opts.signal,
    idempotencyKey: opts.idempotencyKey,
  }) as Promise<ResponseOf<R>>;
}

export function isApiError(err: unknown, status?: number): err is ApiError {
  return err instanceof ApiError && (status === undefined || err.status === status);
}
