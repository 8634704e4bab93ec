import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorCode, FieldIssue } from "../../common/contract/http";

/** Every error the API answers with has one of the contract's codes; the status follows from the code. */
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
} as const satisfies Record<ErrorCode, ContentfulStatusCode>;

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
