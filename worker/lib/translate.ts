import type { MiddlewareHandler } from "hono";
import type { Language } from "../../common/contract/enums";
import type { ErrorBody } from "../../common/contract/http";
import type { Catalogue } from "./messages/catalogue";
import { ka } from "./messages/ka";
import { ru } from "./messages/ru";

/** English is the source language: its texts are the keys (worker/lib/messages/catalogue.ts). */
export const catalogues: Record<Exclude<Language, "en">, Catalogue> = { ka, ru };

const spoken = ["en", "ka", "ru"] as const;

/** The first of our languages the Accept-Language header asks for (by weight), else English. */
export function requestLanguage(header: string | null | undefined): Language {
  if (!header) return "en";
  const wanted = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { primary: tag.trim().split("-")[0]!, q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((w) => w.q > 0 && !Number.isNaN(w.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return spoken.find((lng) => lng === wanted.find((w) => (spoken as readonly string[]).includes(w.primary))?.primary) ?? "en";
}

type Pattern = { regex: RegExp; names: string[]; target: string; literal: number };
const compiled = new Map<Catalogue, Pattern[]>();

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The catalogue's keys with placeholders, as anchored patterns (built once per language). */
function patternsOf(catalogue: Catalogue): Pattern[] {
  let patterns = compiled.get(catalogue);
  if (!patterns) {
    patterns = Object.entries(catalogue.texts)
      .filter(([key]) => key.includes("{{"))
      .map(([key, target]) => {
        const names: string[] = [];
        const source = key
          .split(/(\{\{\w+\}\})/)
          .map((part) => {
            const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
            if (!name) return escape(part);
            names.push(name);
            return name === "n" ? "(\\d[\\d.,]*)" : "(.+?)";
          })
          .join("");
        return { regex: new RegExp(`^${source}$`, "s"), names, target, literal: key.replace(/\{\{\w+\}\}/g, "").length };
      })
      // The most specific first: "Duration must be at most {{n}} hours" before "{{label}} must be at most {{n}}".
      .sort((a, b) => b.literal - a.literal);
    compiled.set(catalogue, patterns);
  }
  return patterns;
}

const plurals = new Map<string, Intl.PluralRules>();
function pluralWord(lng: string, value: string, forms: string[]): string {
  let rules = plurals.get(lng);
  if (!rules) plurals.set(lng, (rules = new Intl.PluralRules(lng)));
  const category = rules.select(Number(value.replace(/[\s,]/g, "")));
  const index = category === "one" ? 0 : category === "few" ? 1 : 2;
  return forms[Math.min(index, forms.length - 1)] ?? "";
}

/** The text in `lng`, or undefined when the catalogue does not know it (the caller keeps the English). */
export function translate(text: string, lng: Language): string | undefined {
  if (lng === "en") return text;
  const catalogue = catalogues[lng];
  const exact = catalogue.texts[text];
  if (exact !== undefined) return exact;
  for (const { regex, names, target } of patternsOf(catalogue)) {
    const match = regex.exec(text);
    if (!match) continue;
    const values: Record<string, string> = {};
    let known = true;
    names.forEach((name, i) => {
      const value = match[i + 1]!;
      if (name === "label") {
        const label = catalogue.labels[value];
        if (label === undefined) known = false;
        values[name] = label ?? value;
      } else {
        values[name] = value;
      }
    });
    if (!known) continue;
    return target.replace(/\{\{(\w+)((?:\|[^|}]*)*)\}\}/g, (_, name: string, forms: string) =>
      forms ? pluralWord(lng, values[name] ?? "", forms.slice(1).split("|")) : (values[name] ?? ""),
    );
  }
  return undefined;
}

/**
 * Every error answer in the request's language: the envelope's `message` and each issue's `message`
 * (code and path stay), with Content-Language saying which. English answers keep their bytes.
 */
export function translateErrors(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const { status } = c.res;
    // Only the JSON envelope is ours to translate; pages and files answer in their own language.
    if (status < 400 || !(c.res.headers.get("content-type") ?? "").includes("json")) return;
    const lng = requestLanguage(c.req.header("accept-language"));
    if (lng === "en") {
      try {
        c.res.headers.set("content-language", "en");
      } catch {
        // An answer passed on from elsewhere may have immutable headers; its body is English anyway.
      }
      return;
    }
    const body = (await c.res
      .clone()
      .json()
      .catch(() => null)) as Partial<ErrorBody> | null;
    const error = body?.error;
    if (!error || typeof error.message !== "string") return;
    const translated: ErrorBody["error"] = {
      ...error,
      message: translate(error.message, lng) ?? error.message,
      ...(Array.isArray(error.issues)
        ? { issues: error.issues.map((i) => ({ ...i, message: translate(i.message, lng) ?? i.message })) }
        : {}),
    };
    const headers = new Headers(c.res.headers);
    headers.delete("content-length");
    headers.set("content-language", lng);
    // Cleared first: Hono merges the old answer's headers into a new one set over it (its length among them).
    c.res = undefined;
    c.res = new Response(JSON.stringify({ ...body, error: translated }), { status, headers });
  };
}
