import { describe, expect, it } from "vitest";
import { activeMentionQuery, storedLength, toDisplay, toStored } from "./mention-tokens";

describe("mention tokens", () => {
  const giorgi = { id: "u-giorgi", name: "Giorgi Maisuradze" };
  const ana = { id: "u-ana", name: "Ana" };

  it("stores each chosen '@Name' as its token, longer names first", () => {
    const anaK = { id: "u-ana-k", name: "Ana Kapanadze" };
    expect(toStored("Hi @Giorgi Maisuradze and @Ana Kapanadze, also @Ana.", [giorgi, ana, anaK])).toBe(
      "Hi @[Giorgi Maisuradze](u-giorgi) and @[Ana Kapanadze](u-ana-k), also @[Ana](u-ana).",
    );
  });

  it("does not turn a longer word into a mention", () => {
    expect(toStored("@Anano is not @Ana", [ana])).toBe("@Anano is not @[Ana](u-ana)");
  });

  it("round-trips between stored and displayed text", () => {
    const stored = "Thanks @[Giorgi Maisuradze](u-giorgi)!";
    const shown = toDisplay(stored);
    expect(shown).toEqual({ text: "Thanks @Giorgi Maisuradze!", mentions: [giorgi] });
    expect(toStored(shown.text, shown.mentions)).toBe(stored);
  });

  it("counts the stored length, which is what the server limits", () => {
    expect(storedLength("@Ana", [ana])).toBe("@[Ana](u-ana)".length);
  });

  it("finds the '@query' being typed before the caret", () => {
    expect(activeMentionQuery("hello @Gio", 10)).toEqual({ start: 6, query: "Gio" });
    expect(activeMentionQuery("@Giorgi M", 9)).toEqual({ start: 0, query: "Giorgi M" });
    expect(activeMentionQuery("mail me@example", 15)).toBeNull();
    expect(activeMentionQuery("just @", 6)).toBeNull();
    expect(activeMentionQuery("@ana\nnext", 9)).toBeNull();
  });
});
