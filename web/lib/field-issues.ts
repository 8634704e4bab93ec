import { ApiError } from "./api";
/**
 * The server's field issues a form shows beside its fields (`placed`, by field) and the messages no field
 * shows (`rest`). One place per message: a field's problem is said beside the field and nowhere else (it
 * stays there, is tied to the field for screen readers, and is not announced twice); a toast is for a
 * failure no field explains (a conflict, a lost connection, a server error).
 */
export function placeIssues<F extends string>(
  err: unknown,
  fields: readonly F[],
): { placed: Partial<Record<F, string>>; rest: string[] } {
  const placed: Partial<Record<F, string>> = {};
  const rest: string[] = [];
  if (!(err instanceof ApiError)) return { placed, rest };
  for (const issue of err.issues) {
    const field = fields.find((f) => f === issue.path);
    if (field && placed[field] === undefined) placed[field] = issue.message;
    else if (!field) rest.push(issue.message);
  }
  return { placed, rest };
}

/** Whether a failure was fully explained beside a form's fields (then no toast repeats it). */
export const explainedByFields = (placed: Record<string, string | undefined>, rest: string[]) =>
  Object.keys(placed).length > 0 && rest.length === 0;
