import { describe, expect, it } from "vitest";
import { pageDocument } from "./page-document";

const shell = `<!doctype html><html lang="en"><head><title>Agora</title>
<meta name="description" content="generic" />
</head><body><div id="root" aria-busy="true"><!--frame--><p>…</p><!--/frame--></div></body></html>`;

describe("pageDocument", () => {
  // String.replace reads `$&`, `$'`, `` $` `` and `$1` in a replacement string as patterns: a community
  // named with one must come out as written, not as pieces of the shell.
  it("keeps every `$` pattern of a page's text literal, in the head, the first screen and the state", () => {
    const text = "Save $$ with $& and $' and $` and $1";
    const html = pageDocument(shell, {
      head: { title: text, description: text, canonical: "https://agora.test/c/1", image: null },
      body: `<h1>${text}</h1>`,
      state: { name: text },
      language: "ka",
    });
    const escaped = text.replace(/&/g, "&amp;").replace(/'/g, "&#39;");
    expect(html).toContain(`<title>${escaped}</title>`);
    expect(html).toContain(`content="${escaped}"`);
    expect(html).toContain(`<h1>${text}</h1>`);
    expect(html).toContain(JSON.stringify({ name: text }).replace(/&/g, "\\u0026"));
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html).toContain('<html lang="ka"');
  });
});
