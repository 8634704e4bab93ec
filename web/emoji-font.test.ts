import { describe, expect, it } from "vitest";
import { reactionEmojis } from "../common/contract/enums";

// Read from disk: vitest hands the web project an empty stylesheet for `?raw` (CSS is not processed in
// tests), and the web's types know nothing of node, so fs comes in by a typed dynamic import.
type Fs = {
  readFileSync(path: string, encoding?: "utf8"): string & { length: number };
  statSync(path: string): { size: number };
};
const fs = (await import(/* @vite-ignore */ ["node", "fs"].join(":"))) as Fs;
// Vitest runs from the repository's root.
const css = fs.readFileSync("web/styles.css", "utf8");
const script = fs.readFileSync("scripts/subset-emoji.sh", "utf8");

/** The code points of the "Agora Emoji" face's unicode-range. */
function emojiRange(): Set<number> {
  const face = /@font-face\s*{[^}]*font-family:\s*"Agora Emoji"[^}]*}/.exec(css)?.[0] ?? "";
  const range = /unicode-range:\s*([^;]+);/.exec(face)?.[1] ?? "";
  return new Set(range.split(",").map((part) => parseInt(part.trim().replace(/^U\+/, ""), 16)));
}

describe("the emoji font the product ships", () => {
  it("covers every reaction a person can pick, so none is drawn as an empty box", () => {
    const covered = emojiRange();
    for (const emoji of reactionEmojis) {
      for (const ch of emoji) expect(covered, `${emoji} U+${ch.codePointAt(0)!.toString(16)}`).toContain(ch.codePointAt(0));
    }
  });

  it("is cut for exactly the code points the stylesheet announces, and stays small", () => {
    const cut = /--unicodes="([^"]+)"/.exec(script)?.[1] ?? "";
    expect(new Set(cut.split(",").map((u) => parseInt(u.replace(/^U\+/, ""), 16)))).toEqual(emojiRange());
    const bytes = fs.statSync("web/assets/emoji/reactions.woff2").size;
    expect(bytes).toBeGreaterThan(1_000);
    expect(bytes).toBeLessThan(10_000);
  });

  it("comes first in the font stack, before text fonts that hold monochrome faces", () => {
    const stack = /font-family:\s*([^;]+);/.exec(css.slice(css.indexOf("@layer base")))?.[1] ?? "";
    expect(stack.trim().startsWith('"Agora Emoji"')).toBe(true);
  });
});
