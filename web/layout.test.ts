import { describe, expect, it } from "vitest";

/**
 * DESIGN section 2: features depend on a small core (web/lib, web/components), never on each other.
 * web/app (the frame: layout, header, home, the user's room) and web/routes compose features, so
 * nothing in the core or in a feature may import them.
 */
const sources = import.meta.glob<string>(["./**/*.{ts,tsx}", "!./routeTree.gen.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});

function resolve(from: string, spec: string): string {
  const parts = from.split("/").slice(0, -1);
  for (const part of spec.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== ".") parts.push(part);
  }
  return parts.join("/").replace(/\.(tsx?|json)$/, "");
}

type Area = { layer: "features" | "core" | "app" | "routes" | "other"; feature?: string };

function areaOf(path: string): Area {
  const [top, sub] = path.split("/");
  if (top === "features") return { layer: "features", feature: sub };
  if (top === "lib" || top === "components") return { layer: "core" };
  if (top === "app" || top === "routes") return { layer: top };
  return { layer: "other" };
}

/** Every relative import in web/, as "file -> target" with paths from web/ and no extension. */
const edges = Object.entries(sources).flatMap(([file, text]) => {
  const from = file.replace(/^\.\//, "");
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)].map((m) => m[1]!);
  return specs.map((spec) => ({ from, to: resolve(from, spec) }));
});

describe("the web app's layout", () => {
  it("reads the sources it checks", () => {
    expect(edges.length).toBeGreaterThan(100);
    expect(edges.some((e) => e.from === "app/main-layout.tsx" && e.to === "app/header")).toBe(true);
  });

  it("features never import one another", () => {
    const crossing = edges
      .filter(({ from, to }) => {
        const a = areaOf(from);
        const b = areaOf(to);
        return a.layer === "features" && b.layer === "features" && a.feature !== b.feature;
      })
      .map(({ from, to }) => `${from} -> ${to}`);
    expect(crossing).toEqual([]);
  });

  it("the core and the features never import the frame or the routes", () => {
    const upward = edges
      .filter(({ from, to }) => {
        const a = areaOf(from).layer;
        const b = areaOf(to).layer;
        if (a === "core") return b === "features" || b === "app" || b === "routes";
        if (a === "features") return b === "app" || b === "routes";
        return false;
      })
      .map(({ from, to }) => `${from} -> ${to}`);
    expect(upward).toEqual([]);
  });
});
