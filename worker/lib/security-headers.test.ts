import { describe, expect, it } from "vitest";
import { appCsp, documentCsp, inlineScripts } from "./security-headers";

describe("the CSP of a document", () => {
  it("names the document's own inline scripts by hash, and nothing else", async () => {
    const html = `<html><head><script type="module">import "/@react-refresh";</script>
      <script type="module" src="/main.tsx"></script></head>
      <body><script type="application/json" id="query-state">{"a":1}</script></body></html>`;
    expect(inlineScripts(html)).toEqual(['import "/@react-refresh";']);
    // sha256 of the preamble above, base64.
    const digest = btoa(
      String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode('import "/@react-refresh";')))),
    );
    const csp = await documentCsp(html);
    expect(csp).toContain(`script-src 'self' 'sha256-${digest}';`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("is the plain app CSP for a document without inline scripts (the production build)", async () => {
    expect(await documentCsp('<script type="module" crossorigin src="/assets/index.js"></script>')).toBe(appCsp);
  });
});
