/**
 * The one way the worker and its rooms write a log line: one JSON object per line, which Cloudflare's
 * logs (and `wrangler tail`) keep as structured fields. `fields` carry the context (a request id, a
 * room, a job) beside the message.
 */
export type LogLevel = "info" | "warn" | "error";

export function log(level: LogLevel, message: string, fields: object = {}): void {
  const line = JSON.stringify({ level, message, ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}
