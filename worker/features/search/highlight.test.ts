import { describe, expect, it } from "vitest";
import { searchTerms } from "../../lib/full-text";
import { highlight, snippet } from "./highlight";

describe("highlight and snippet", () => {
  const terms = searchTerms("cafe startu");

  it("marks whole words and the typed prefix, accents and case folded", () => {
    const h = highlight("Café <b>Startups</b>, a startup, started in cafés", terms);
    expect(h.marks.map(([a, b]) => h.text.slice(a, b))).toEqual(["Café", "Startups", "startup"]);
  });

  it("cuts long text around the first match, at spaces, with ellipses", () => {
    const text = `${"lorem ".repeat(60)}the cafe is open ${"ipsum ".repeat(60)}`;
    const s = snippet(text, terms);
    expect(s.text.startsWith("…")).toBe(true);
    expect(s.text.endsWith("…")).toBe(true);
    expect(s.text.length).toBeLessThanOrEqual(162);
    expect(s.marks.map(([a, b]) => s.text.slice(a, b))).toEqual(["cafe"]);
    expect(snippet("short\n\ntext  here", terms).text).toBe("short text here");
  });
});
