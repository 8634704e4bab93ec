import type { Context, Env, Input, MiddlewareHandler, ValidationTargets } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import type { FieldIssue } from "../../common/contract/http";
import { AppError } from "./errors";

export function toFieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join(".") || "(root)",
    message: issue.message,
  }));
}

/** Header names arrive lowercased, so a header schema names them in lower case. */
type Target = keyof Pick<ValidationTargets, "json" | "query" | "param" | "form" | "header">;

/**
 * The one way routes read input: parse `target` with `schema`; a malformed body is a 400,
 * a body of the wrong shape a 422 with field issues. Nothing runs past a failed parse.
 */
export function validate<T extends Target, S extends z.ZodType, E extends Env = Env, P extends string = string>(
  target: T,
  schema: S,
): MiddlewareHandler<
  E,
  P,
  {
    in: { [K in T]: z.input<S> };
    out: { [K in T]: z.output<S> };
  } & Input
> {
  return validator(target, async (value, c: Context) => {
    if (target === "json" && value === undefined) {
      throw new AppError("BAD_REQUEST", "The request body must be JSON.");
    }
    const result = await schema.safeParseAsync(value);
    if (!result.success) {
      throw new AppError("VALIDATION_FAILED", "Some fields are not valid.", { issues: toFieldIssues(result.error) });
    }
    void c;
    return result.data;
  }) as never;
}
