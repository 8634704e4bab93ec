import { DrizzleQueryError } from "drizzle-orm/errors";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { HonoEnv } from "../env";
import type { ErrorBody } from "../../common/contract/http";
import { dbErrorMessage } from "./db";
import { AppError } from "./errors";
import { log } from "../../common/log";

/** The "at ..." lines of a stack without its message (which may quote bound values). */
const stackFrames = (err: Error) =>
  err.stack
    ?.split("\n")
    .filter((line) => line.trimStart().startsWith("at "))
    .join("\n");

/**
 * What of an unexpected error goes to the log. A failed statement is logged with its SQL and the
 * database's message, never with its bound values (session tokens, e-mail addresses, hashes).
 */
function loggable(err: Error) {
  if (err instanceof DrizzleQueryError) {
    return { name: err.name, message: dbErrorMessage(err), query: err.query, stack: stackFrames(err) };
  }
  return { name: err.name, message: err.message, stack: err.stack };
}

/** The one error answer: `{ error: { code, message, requestId, issues? } }`, never a stack trace. */
export function onError(err: Error, c: Context<HonoEnv>) {
  const requestId = c.get("requestId") ?? "unknown";
  let appError: AppError;
  if (err instanceof AppError) {
    appError = err;
  } else if (err instanceof HTTPException && err.status < 500) {
    // Hono raises these for malformed JSON and similar protocol-level problems.
    const message = err.message.includes("Malformed JSON") ? "The request body is not valid JSON." : err.message;
    appError = new AppError(err.status === 413 ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST", message || "Bad request.");
  } else {
    log("error", "unhandled error", { requestId, ...loggable(err) });
    appError = new AppError("INTERNAL", "Something went wrong on our side. Please try again.");
  }
  const body: ErrorBody = {
    error: {
      code: appError.code,
      message: appError.message,
      requestId,
      ...(appError.issues ? { issues: appError.issues } : {}),
    },
  };
  return c.json(body, appError.status, appError.headers);
}
