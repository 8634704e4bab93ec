/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";

/**
 * The rules of the house that a reader cannot see in any one file (DESIGN.md sections 2 and 7): one
 * data way, route files that do not import each other, features that reach db/, party/ and web/ only
 * through worker/lib, and no import cycles. Sources are read as text at build time.
 */
const sources: Record<string, string> = Object.fromEntries(
  Object.entries(
    import.meta.glob(["./**/*.ts", "../party/**/*.ts", "../common/**/*.ts", "../db/**/*.ts", "!./generated/**"], {
      query: "?raw",
      import: "default",
      eager: true,
    }),
  ).map(([path, text]) => [normalize(path.startsWith("../") ? path.slice(3) : `worker/${path.slice(2)}`), text as string]),
);

function normalize(path: string): string {
  const out: string[] = [];
  for (const part of path.split("/")) {
    if (part === "..") out.pop();
    else if (part !== ".") out.push(part);
  }
  return out.join("/");
}

/** The project files a file imports (relative imports only, type imports included). */
function importsOf(file: string): string[] {
  const dir = file.split("/").slice(0, -1).join("/");
  return [...sources[file]!.matchAll(/(?:from\s+|import\(\s*)"(\.{1,2}\/[^"]+)"/g)].map((m) => {
    const target = normalize(`${dir}/${m[1]}`);
    return [target, `${target}.ts`, `${target}/index.ts`].find((candidate) => candidate in sources) ?? target;
  });
}

const code = Object.keys(sources).filter((f) => !f.endsWith(".test.ts") && !f.endsWith(".d.ts"));
const features = code.filter((f) => f.startsWith("worker/features/"));

describe("architecture", () => {
  it("found the sources", () => {
    expect(code).toContain("worker/lib/db.ts");
    expect(features.length).toBeGreaterThan(20);
  });

  it("reaches the database only through worker/lib/db.ts (the binding is wrapped only by the D1 session and the query counter)", () => {
    const raw = code.filter(
      (f) =>
        f.startsWith("worker/") &&
        !["worker/lib/db.ts", "worker/lib/query-count.ts", "worker/lib/d1-session.ts"].includes(f) &&
        /\.prepare\(|env\.DB\b|\bD1Database\b|D1PreparedStatement/.test(sources[f]!),
    );
    expect(raw).toEqual([]);
  });

  it("has route files that never import other route files", () => {
    const offenders = features
      .filter((f) => f.endsWith(".routes.ts"))
      .flatMap((f) =>
        importsOf(f)
          .filter((t) => t.endsWith(".routes.ts") && t !== f)
          .map((t) => `${f} -> ${t}`),
      );
    expect(offenders).toEqual([]);
  });

  it("has worker features that import only the core (worker/lib, common/), never another feature", () => {
    // What one feature's write implies for others (points, notifications, room frames) is an effect
    // the core commits (worker/lib/commit.ts), so no feature builds on another's internals.
    const featureOf = (f: string) => f.split("/")[2];
    const offenders = features.flatMap((f) =>
      importsOf(f)
        .filter((t) => t.startsWith("worker/features/") && featureOf(t) !== featureOf(f))
        .map((t) => `${f} -> ${t}`),
    );
    expect(offenders).toEqual([]);
  });

  it("keeps db/, party/ and web/ out of worker features (tables come through worker/lib/tables.ts)", () => {
    const offenders = features.flatMap((f) =>
      importsOf(f)
        .filter((t) => t.startsWith("db/") || t.startsWith("party/") || t.startsWith("web/"))
        .map((t) => `${f} -> ${t}`),
    );
    expect(offenders).toEqual([]);
  });

  it("has no import cycles", () => {
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const walk = (file: string, path: string[]) => {
      if (state.get(file) === "done") return;
      if (state.get(file) === "open") {
        cycles.push([...path.slice(path.indexOf(file)), file].join(" -> "));
        return;
      }
      state.set(file, "open");
      for (const next of importsOf(file)) if (next in sources && !next.endsWith(".test.ts")) walk(next, [...path, file]);
      state.set(file, "done");
    };
    for (const file of code) walk(file, []);
    expect(cycles).toEqual([]);
  });
});
