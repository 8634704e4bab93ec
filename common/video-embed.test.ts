import { describe, expect, it } from "vitest";
import { parseDuration, toVideoEmbed } from "./video-embed";

describe("lesson links", () => {
  it("turns watch, short and embed links into embeds and keeps direct files", () => {
    expect(toVideoEmbed("https://m.youtube.com/watch?v=dQw4w9WgXcQ")).toEqual({
      kind: "youtube",
      src: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    });
    expect(toVideoEmbed("https://www.youtube.com/embed/dQw4w9WgXcQ?start=3")?.src).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    );
    expect(toVideoEmbed("https://www.vimeo.com/123/")).toEqual({ kind: "vimeo", src: "https://player.vimeo.com/video/123" });
    expect(toVideoEmbed("/files/lessons/a.MP4")).toEqual({ kind: "file", src: "/files/lessons/a.MP4" });
  });

  it.each([
    "",
    "youtube.com/watch?v=dQw4w9WgXcQ",
    "https://user:pw@cdn.test/a.mp4",
    "https://www.youtube.com/watch?v=short",
    "https://vimeo.com/channels/staff",
    "/../etc/passwd.mp4",
    "//evil.test/a.mp4",
    "data:video/mp4;base64,AAAA",
  ])("refuses %j", (url) => {
    expect(toVideoEmbed(url)).toBeNull();
  });

  it("reads MM:SS, plain minutes and empty durations", () => {
    expect(parseDuration("")).toBe(0);
    expect(parseDuration("7")).toBe(420);
    expect(parseDuration("12:05")).toBe(725);
    expect(parseDuration("1:60")).toBeNull();
    expect(parseDuration("abc")).toBeNull();
  });
});
