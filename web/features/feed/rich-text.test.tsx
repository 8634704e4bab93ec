import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { excerpt, parseContent, plainText } from "../../lib/content-format";
import { RichText } from "./rich-text";

describe("parseContent", () => {
  it("links http(s) URLs and leaves the sentence's punctuation outside", () => {
    expect(parseContent("See https://example.com/a?b=1. Or (http://x.ge/path).")).toEqual([
      { type: "text", text: "See " },
      { type: "link", href: "https://example.com/a?b=1", text: "https://example.com/a?b=1" },
      { type: "text", text: ". Or (" },
      { type: "link", href: "http://x.ge/path", text: "http://x.ge/path" },
      { type: "text", text: ")." },
    ]);
  });

  it("keeps a closing parenthesis that belongs to the URL", () => {
    const [, link] = parseContent("wiki https://en.wikipedia.org/wiki/Tbilisi_(city) rocks");
    expect(link).toEqual({
      type: "link",
      href: "https://en.wikipedia.org/wiki/Tbilisi_(city)",
      text: "https://en.wikipedia.org/wiki/Tbilisi_(city)",
    });
  });

  it("never links other schemes", () => {
    const segments = parseContent("javascript:alert(1) data:text/html,<b>x</b> ftp://host/file mailto:a@b.ge");
    expect(segments.every((s) => s.type === "text")).toBe(true);
  });

  it("reads mention tokens as names with their user id, and leaves malformed ones as text", () => {
    expect(parseContent("Thanks @[Giorgi Maisuradze](u-123)! and @[broken](no spaces allowed)")).toEqual([
      { type: "text", text: "Thanks " },
      { type: "mention", name: "Giorgi Maisuradze", userId: "u-123" },
      { type: "text", text: "! and @[broken](no spaces allowed)" },
    ]);
  });

  it("gives readable plain text and excerpts", () => {
    expect(plainText("Hi @[Ana Kapanadze](u1)")).toBe("Hi @Ana Kapanadze");
    // Server previews cut at 120 characters, sometimes inside a token.
    expect(plainText("Thanks @[Giorgi Mais...")).toBe("Thanks @Giorgi Mais...");
    expect(plainText("Thanks @[Giorgi Maisuradze](0193c000-00...")).toBe("Thanks @Giorgi Maisuradze...");
    expect(excerpt("a ".repeat(50), 10)).toBe("a a a a a…");
  });
});

describe("RichText", () => {
  it("renders HTML in content as text, never as markup", () => {
    const { container } = render(<RichText content={'<img src=x onerror="alert(1)"><script>alert(2)</script> <b>bold</b>'} />);
    expect(container.querySelector("img, script, b")).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror="alert(1)"><script>alert(2)</script> <b>bold</b>');
  });

  it("opens links in a new tab without opener, referrer or endorsement", () => {
    const { getByRole } = render(<RichText content="Docs at https://react.dev/learn now" />);
    const link = getByRole("link", { name: "https://react.dev/learn" });
    expect(link.getAttribute("href")).toBe("https://react.dev/learn");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer nofollow ugc");
  });

  it("does not let a quote in a URL break out of the href", () => {
    const { container } = render(<RichText content={'https://evil.example/"onmouseover="alert(1)'} />);
    const link = container.querySelector("a")!;
    expect(link.getAttribute("href")).toBe("https://evil.example/");
    expect(link.getAttribute("onmouseover")).toBeNull();
  });

  it("shows mentions as highlighted '@Name'", () => {
    const { getByText, container } = render(<RichText content="Welcome @[Giorgi Maisuradze](u-9) to the club" />);
    const mention = getByText("@Giorgi Maisuradze");
    expect(mention.tagName).toBe("SPAN");
    expect(mention.getAttribute("data-user-id")).toBe("u-9");
    expect(container.textContent).toBe("Welcome @Giorgi Maisuradze to the club");
  });
});
