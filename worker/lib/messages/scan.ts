/**
 * Finds the English texts the API can answer with in the worker's and the contract's source, so the
 * catalogues can be checked for completeness (messages.test.ts). Template literals come back with each
 * `${...}` as `{{}}`: the catalogue covers them with a placeholder pattern.
 */

const STRING = String.raw`"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\x60(?:[^\x60\\]|\\.)*\x60`;
/** Arguments before the message: strings, other tokens and up to two levels of nested parentheses. */
const LEADING_ARGS = String.raw`(?:${STRING}|[^()"'\x60;]|\((?:[^()]|\([^()]*\))*\))*?`;

/** The forms a text reaches an answer in. Each captures the text's literal as group 1. */
const forms: RegExp[] = [
  // new AppError("CODE", "text") and the helpers of worker/lib/errors.ts
  new RegExp(String.raw`new AppError\(\s*"[A-Z_]+",\s*(${STRING})`, "g"),
  new RegExp(String.raw`\b(?:notFound|forbidden)\(\s*(${STRING})`, "g"),
  // field issues ({ path, message }) and zod's { message } / { error } options
  new RegExp(String.raw`\b(?:message|error|required):\s*(${STRING})`, "g"),
  // zod checks whose last argument is the message: .min(1, "..."), .regex(/.../, "..."), .refine(fn, "...")
  new RegExp(
    String.raw`\.(?:min|max|length|regex|refine|gte|lte|gt|lt|multipleOf|startsWith|endsWith|includes)\(${LEADING_ARGS},\s*(${STRING})\s*\)`,
    "g",
  ),
  // zod checks whose only argument is the message: .int("..."), .positive("...")
  new RegExp(String.raw`\.(?:int|positive|nonnegative|negative|nonempty|email|url|uuid)\(\s*(${STRING})\s*\)`, "g"),
];

/** The labels of free-text fields (common/contract/text.ts), which start that helper's messages. */
const labelForm = new RegExp(
  String.raw`\b(?:singleLine|multiLine|seqParam|orderOf|instant|optionalText|wholeNumber)\(\s*(${STRING})`,
  "g",
);

/** A literal's text, with a template's `${...}` parts as `{{}}`. */
function textOf(literal: string): string {
  const body = literal.slice(1, -1);
  if (literal.startsWith("\x60")) return body.replace(/\$\{(?:[^{}]|\{[^{}]*\})*\}/g, "{{}}");
  return JSON.parse(`"${body.replace(/\\'/g, "'").replace(/"/g, '\\"').replace(/\\\\"/g, '\\"')}"`) as string;
}

/** Lines that are comments (a text quoted there reaches no answer). */
const withoutComments = (source: string) =>
  source
    .replace(/^\s*\/\*[\s\S]*?\*\//gm, "")
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("//"))
    .join("\n");

export type Found = { text: string; file: string };

export function scanTexts(sources: Record<string, string>): { texts: Found[]; labels: Found[] } {
  const texts: Found[] = [];
  const labels: Found[] = [];
  for (const [file, raw] of Object.entries(sources)) {
    const source = withoutComments(raw);
    for (const form of forms) {
      for (const match of source.matchAll(form)) texts.push({ text: textOf(match[1]!), file });
    }
    for (const match of source.matchAll(labelForm)) labels.push({ text: textOf(match[1]!), file });
  }
  return { texts, labels };
}
