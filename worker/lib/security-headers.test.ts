import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { appCsp, documentCsp, inlineScripts, securityHeaders } from "./security-headers";

const SELF = "https://agora.example";

/** The sources of one directive of a policy (falling back to default-src, as browsers do). */
function sources(policy: string, directive: string): string[] {
  const directives = new Map(
    policy.split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values] as const;
    }),
  );
  return directives.get(directive) ?? directives.get("default-src") ?? [];
}

/** Whether a URL matches a directive's source list (the subset of CSP source syntax the app uses). */
function allows(policy: string, directive: string, url: string): boolean {
  const target = new URL(url);
  return sources(policy, directive).some((source) => {
    if (source === "'self'") return target.origin === SELF;
    if (source === "'none'") return false;
    if (source.endsWith(":")) return target.protocol === source;
    return target.origin === new URL(source).origin;
  });
}

describe("the app's Content-Security-Policy", () => {
  it("lets the 3-D Secure dialog post to and frame any bank's https ACS and Flitt's pages", () => {
    for (const acs of [
      "https://acs.bankofgeorgia.ge/pareq",
      "https://3ds.tbcbank.com.ge/acs",
      "https://pay.flitt.com/api/3ds/acs",
    ]) {
      expect(allows(appCsp, "form-action", acs)).toBe(true);
      expect(allows(appCsp, "frame-src", acs)).toBe(true);
    }
    // The frame comes back to our TermUrl; video players still embed.
    expect(allows(appCsp, "frame-src", `${SELF}/payments/3ds-return/1`)).toBe(true);
    expect(allows(appCsp, "frame-src", "https://www.youtube-nocookie.com/embed/x")).toBe(true);
  });

  it("stays tight everywhere else: no plain http, data: or javascript: targets, scripts only from our origin", () => {
    for (const directive of ["form-action", "frame-src"]) {
      for (const url of ["http://acs.bank.example/pareq", "data:text/html,x", "javascript:alert(1)"]) {
        expect(allows(appCsp, directive, url), `${directive} ${url}`).toBe(false);
      }
    }
    expect(sources(appCsp, "script-src")).toEqual(["'self'"]);
    expect(sources(appCsp, "connect-src")).toEqual(["'self'"]);
    expect(sources(appCsp, "frame-ancestors")).toEqual(["'none'"]);
    expect(sources(appCsp, "object-src")).toEqual(["'none'"]);
  });

  it("is what HTML pages get; a page that sets its own policy keeps it", async () => {
    const app = new Hono()
      .use(securityHeaders())
      .get("/", (c) => c.html("<p>app</p>"))
      .get("/framed", (c) => {
        c.header("Content-Security-Policy", "default-src 'none'; frame-ancestors 'self'");
        return c.html("<p>3-D Secure</p>");
      });
    const page = await app.request("/");
    expect(page.headers.get("content-security-policy")).toBe(appCsp);
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    const framed = await app.request("/framed");
    expect(framed.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'self'");
    expect(framed.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });
});

describe("the CSP of a document", () => {
  it("names the document's own inline scripts by hash, and nothing else", async () => {
    const html = `<html><head><script type="module">import "/@react-refresh";</script>
      <script type="module" src="/main.tsx"></script></head>
      <body><script type="application/json" id="query-state">{"a":1}</script></body></html>`;
    expect(inlineScripts(html)).toEqual(['import "/@react-refresh";']);
    // sha256 of the preamble above, base64.
    const digest = btoa(
      String.fromCharCode(
        ...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode('import "/@react-refresh";'))),
      ),
    );
    const csp = await documentCsp(html);
    expect(csp).toContain(`script-src 'self' 'sha256-${digest}';`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("is the plain app CSP for a document without inline scripts (the production build)", async () => {
    expect(await documentCsp('<script type="module" crossorigin src="/assets/index.js"></script>')).toBe(appCsp);
  });
});
