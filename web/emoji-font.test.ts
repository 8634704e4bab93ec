import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { reactionEmojis } from "../common/contract/enums";

// Vitest runs from the repository's root.
const css = readFileSync("web/styles.css", "utf8");
const script = readFileSync("scripts/subset-emoji.sh", "utf8");

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
    expect(statSync("web/assets/emoji/reactions.woff2").size).toBeLessThan(10_000);
  });

  it("comes first in the font stack, before text fonts that hold monochrome faces", () => {
    const stack = /font-family:\s*([^;]+);/.exec(css.slice(css.indexOf("@layer base")))?.[1] ?? "";
    expect(stack.trim().startsWith('"Agora Emoji"')).toBe(true);
  });
});
