import type { ContentfulStatusCode } from "hono/utils/http-status";

/** Every error the API answers with has one of these codes; the status follows from the code. */
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  ALREADY_MEMBER: 409,
  NOT_AVAILABLE: 409,
  READ_ONLY: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof errorStatus;

export type FieldIssue = { path: string; message: string };

export type ErrorBody = {
  error: { code: ErrorCode | string; message: string; requestId: string; issues?: FieldIssue[] };
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues?: FieldIssue[];
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: { issues?: FieldIssue[]; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.issues = options.issues;
    this.headers = options.headers;
  }

  get status(): ContentfulStatusCode {
    return errorStatus[this.code];
  }
}

export const notFound = (what = "Not found") => new AppError("NOT_FOUND", what);
export const unauthenticated = () => new AppError("UNAUTHENTICATED", "Please sign in to continue.");
export const forbidden = (message = "You are not allowed to do that.") => new AppError("FORBIDDEN", message);
