/**
 * The translation keys the web code asks for, read from its source: `t("key")` and `t("ns:key")`
 * calls, `{ ns: "..." }` options, ternaries between literal keys, template keys (`t(\`tabs.${key}\`)`,
 * kept as patterns) and `i18nKey` props. Each call is given the namespace of the `t` it is made with: the
 * nearest `useTranslation(...)` above it that binds that name. A `t: TFunction` parameter is whatever `t`
 * its callers pass, so its keys may be in the feature's own namespace (the folder under web/features/) or
 * the app-wide one.
 * A key held in a variable (`t(errors.email)`, `t(key)`) cannot be read this way and is not reported.
 */

export const DEFAULT_NS = "translation";

export type UsedKey = {
  file: string;
  line: number;
  ns: string;
  /** Where else it may be found: the app-wide namespace, for a key asked of a `t: TFunction` parameter. */
  orNs?: string;
  /** The key as written; a template's `${...}` parts become `*`. */
  key: string;
  /** Set for template keys: what a key must match. */
  pattern?: RegExp;
  /** A literal found outside a call, which may also name a group of keys (a prefix the code adds to). */
  group?: boolean;
};

type Binding = { name: string; ns: string; orNs?: string; at: number };

const STRING = /^(["'])((?:\\.|(?!\1).)*)\1$/s;

/** The namespace a feature's own code uses: web/features/<ns>/... when that feature has texts. */
function featureNamespace(file: string, namespaces: ReadonlySet<string>): string {
  const ns = file.match(/features\/([^/]+)\//)?.[1];
  return ns && namespaces.has(ns) ? ns : DEFAULT_NS;
}

/** `useTranslation()`, `useTranslation("ns")`, `useTranslation(["ns", ...])`: the namespace `t` looks keys up in. */
function namespaceOf(args: string): string | null {
  const trimmed = args.trim();
  if (trimmed === "") return DEFAULT_NS;
  const first = trimmed.match(/^\[?\s*(["'])([\w-]+)\1/);
  return first ? first[2]! : null;
}

function bindings(file: string, source: string, namespaces: ReadonlySet<string>): Binding[] {
  const out: Binding[] = [];
  for (const m of source.matchAll(/\{([^{}]*)\}\s*=\s*useTranslation\(([^)]*)\)/g)) {
    const t = m[1]!.match(/(?:^|,)\s*t\s*(?::\s*(\w+))?\s*(?:,|$)/);
    const ns = namespaceOf(m[2]!);
    if (t && ns) out.push({ name: t[1] ?? "t", ns, at: m.index });
  }
  for (const m of source.matchAll(/\b(\w+)\s*:\s*TFunction\b/g))
    out.push({ name: m[1]!, ns: featureNamespace(file, namespaces), orNs: DEFAULT_NS, at: m.index });
  return out.sort((a, b) => a.at - b.at);
}

/** The text of a call's arguments from just after its "(": each top-level argument, up to the closing ")". */
function callArguments(source: string, from: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let start = from;
  for (let i = from; i < source.length; i++) {
    const c = source[i]!;
    if (c === '"' || c === "'" || c === "`") {
      i = skipString(source, i);
      continue;
    }
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      if (depth === 0) {
        args.push(source.slice(start, i));
        return args;
      }
      depth--;
    } else if (c === "," && depth === 0) {
      args.push(source.slice(start, i));
      start = i + 1;
    }
  }
  return args;
}

/** The index of the quote that closes the string or template starting at `i` (templates' `${}` included). */
function skipString(source: string, i: number): number {
  const quote = source[i]!;
  for (let j = i + 1; j < source.length; j++) {
    const c = source[j]!;
    if (c === "\\") j++;
    else if (c === quote) return j;
    else if (quote === "`" && c === "$" && source[j + 1] === "{") {
      let depth = 0;
      for (j += 1; j < source.length; j++) {
        const d = source[j]!;
        if (d === '"' || d === "'" || d === "`") j = skipString(source, j);
        else if (d === "{") depth++;
        else if (d === "}" && --depth === 0) break;
      }
    }
  }
  return source.length;
}

/** The literal keys (and template keys) an argument can evaluate to: itself, or each branch of a ternary. */
function keyLiterals(arg: string): string[] {
  const trimmed = arg.trim();
  if (STRING.test(trimmed) || /^`[^`]*`$/s.test(trimmed)) return [trimmed];
  const out: string[] = [];
  for (let i = 0; i < trimmed.length; i++) {
    const c = trimmed[i]!;
    if (c !== '"' && c !== "'" && c !== "`") continue;
    const end = skipString(trimmed, i);
    const before = trimmed.slice(0, i).trimEnd();
    if (before.endsWith("?") || (before.endsWith(":") && !before.endsWith("::"))) out.push(trimmed.slice(i, end + 1));
    i = end;
  }
  return out;
}

function toUsedKey(file: string, line: number, literal: string, ns: string, orNs?: string): UsedKey {
  let text = literal.slice(1, -1);
  const prefixed = text.match(/^([\w-]+):(?!\/)(.*)$/s);
  if (prefixed) {
    ns = prefixed[1]!;
    orNs = undefined;
    text = prefixed[2]!;
  }
  const where = orNs && orNs !== ns ? { ns, orNs } : { ns };
  if (!literal.startsWith("`") || !text.includes("${")) return { file, line, ...where, key: text };
  const parts = text.split(/\$\{(?:[^{}]|\{[^{}]*\})*\}/);
  const key = parts.join("*");
  const pattern = new RegExp(`^${parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[^]+?")}$`);
  return { file, line, ...where, key, pattern };
}

const lineAt = (source: string, index: number) => source.slice(0, index).split("\n").length;

/** Every key one source file asks for; `namespaces` are the feature namespaces that have texts. */
export function usedKeys(file: string, source: string, namespaces: ReadonlySet<string>): UsedKey[] {
  const out: UsedKey[] = [];
  const bound = bindings(file, source, namespaces);
  const names = [...new Set(bound.map((b) => b.name))];
  const calls: { name: string; open: number; ns: string | null }[] = [];
  for (const name of names)
    for (const m of source.matchAll(new RegExp(`(?<![\\w.$])${name}\\(`, "g"))) calls.push({ name, open: m.index, ns: null });
  // i18next's own instance answers in the app-wide namespace.
  for (const m of source.matchAll(/\bi18n\.t\(/g)) calls.push({ name: "i18n.t", open: m.index, ns: DEFAULT_NS });

  for (const call of calls) {
    const before = bound.filter((b) => b.name === call.name && b.at < call.open);
    const binding = before.at(-1) ?? bound.find((b) => b.name === call.name);
    // A binding's own parameter list (`function f(t: TFunction)`) is not a call.
    if (source.slice(call.open).match(new RegExp(`^${call.name.replace(".", "\\.")}\\(\\s*\\w+\\s*:\\s*TFunction`))) continue;
    const args = callArguments(source, call.open + call.name.length + 1);
    if (args.length === 0) continue;
    const option = args[1]?.match(/\bns\s*:\s*(["'])([\w-]+)\1/);
    const ns = option?.[2] ?? call.ns ?? binding?.ns ?? DEFAULT_NS;
    const orNs = option || call.ns ? undefined : binding?.orNs;
    const line = lineAt(source, call.open);
    for (const literal of keyLiterals(args[0]!)) out.push(toUsedKey(file, line, literal, ns, orNs));
  }

  for (const m of source.matchAll(/\bi18nKey=\{?\s*(["'`])((?:\\.|(?!\1).)*)\1/g)) {
    const tag = source.slice(source.lastIndexOf("<", m.index), source.indexOf(">", m.index));
    const ns = tag.match(/\bns=\{?\s*(["'])([\w-]+)\1/)?.[2] ?? DEFAULT_NS;
    out.push(toUsedKey(file, lineAt(source, m.index), `${m[1]}${m[2]}${m[1]}`, ns));
  }
  return out;
}

/**
 * Keys the code holds in variables before it asks for them (`t(errors.email)`, `t(key)`): every string
 * literal that looks like a key ("auth.errors.emailRequired", "price.perMonth"), as a key of the file's
 * feature namespace or the app-wide one. The caller keeps those whose first part is no group of either.
 */
export function keyLikeLiterals(file: string, source: string, namespaces: ReadonlySet<string>): UsedKey[] {
  const ns = featureNamespace(file, namespaces);
  return [...source.matchAll(/(["'])([a-z]\w*(?:\.[\w-]+)+)\1/g)].map((m) => ({
    file,
    line: lineAt(source, m.index),
    ns,
    ...(ns === DEFAULT_NS ? {} : { orNs: DEFAULT_NS }),
    key: m[2]!,
    group: true,
  }));
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * Whether a language's flat texts (the app-wide keys as they are, a feature's as "ns:.key") hold a used
 * key: as it is, as plural forms, as a group when it may be one, or for a template, at least one key it
 * can become.
 */
export function hasKey(flat: Record<string, unknown>, used: UsedKey): boolean {
  if (used.orNs && hasKey(flat, { ...used, ns: used.orNs, orNs: undefined })) return true;
  const prefix = used.ns === DEFAULT_NS ? "" : `${used.ns}:.`;
  if (!used.pattern) {
    const full = prefix + used.key;
    return (
      full in flat ||
      Object.keys(flat).some(
        (k) => (k.startsWith(`${full}_`) && PLURAL.test(k.slice(full.length))) || (used.group && k.startsWith(`${full}.`)),
      )
    );
  }
  return Object.keys(flat).some((k) => {
    if (!k.startsWith(prefix)) return false;
    if (prefix === "" && /^\w+:\./.test(k)) return false;
    const key = k.slice(prefix.length);
    return used.pattern!.test(key) || used.pattern!.test(key.replace(PLURAL, ""));
  });
}
