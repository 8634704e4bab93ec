import { escapeHtml } from "./html";

/** What a public page says about itself to search engines and to the link cards of chats. */
export type PageHead = {
  title: string;
  description: string;
  /** Absolute address of the page without its query (the one search engines should keep). */
  canonical: string;
  /** Absolute address of the image a link card shows. */
  image?: string | null;
  type?: "website" | "article";
};

/** The languages the app speaks; each has its own address (?lang=) so search engines can list them. */
const LANGUAGES = ["en", "ka", "ru"] as const;

/** Element id of the inlined query cache (web/lib/inlined-state.ts reads it). */
export const STATE_ELEMENT_ID = "query-state";

function headTags(head: PageHead): string {
  const meta = (attr: "name" | "property", key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const link = (rel: string, href: string, extra = "") => `<link rel="${rel}" href="${escapeHtml(href)}"${extra} />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta("name", "description", head.description),
    link("canonical", head.canonical),
    ...LANGUAGES.map((lang) => link("alternate", `${head.canonical}?lang=${lang}`, ` hreflang="${lang}"`)),
    link("alternate", head.canonical, ' hreflang="x-default"'),
    meta("property", "og:site_name", "Agora"),
    meta("property", "og:type", head.type ?? "website"),
    meta("property", "og:title", head.title),
    meta("property", "og:description", head.description),
    meta("property", "og:url", head.canonical),
    ...(head.image ? [meta("property", "og:image", head.image)] : []),
    meta("name", "twitter:card", head.image ? "summary_large_image" : "summary"),
    meta("name", "twitter:title", head.title),
    meta("name", "twitter:description", head.description),
    ...(head.image ? [meta("name", "twitter:image", head.image)] : []),
  ];
  return tags.join("\n    ");
}

/**
 * JSON placed inside a <script> element: `<` is written as its escape, so no text in the data can
 * close the element (`</script>`) or open a comment; the line separators JavaScript once refused too.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** What the worker writes into the app's index.html for one page. */
export type PageParts = {
  head?: PageHead | null;
  /** The first screen's queries, dehydrated. */
  state?: unknown;
  /** The route's chunks, fetched beside the entry's (the build preloads only the entry's chunks). */
  preloads?: readonly string[];
  /** The page's first screen as the app renders it (web/ssr/first-screen.tsx), in the frame's place. */
  body?: string | null;
  /** The language the page is written in. */
  language?: string;
};

/**
 * The app's index.html with a page's own head (its title and description replace the generic ones),
 * its route's chunks preloaded, and, when given, the first screen: the app's HTML of it, and its data
 * as a dehydrated query cache. The data sits in a JSON script element, which the browser never runs,
 * so the CSP's script-src stays 'self'. Every replacement is a function: a replacement string would
 * read a `$&` or `$'` in a community's name as a pattern and splice pieces of the shell into the page.
 */
export function pageDocument(shell: string, { head = null, state, preloads = [], body = null, language }: PageParts): string {
  let html = shell;
  if (language) html = html.replace(/<html lang="[^"]*"/, () => `<html lang="${escapeHtml(language)}"`);
  // A page with a first screen asks for its code after the paint (codeAfterFirstPaint); the others now.
  if (preloads.length && body === null) {
    const links = preloads.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`);
    html = html.replace("</head>", () => `  ${links.join("\n    ")}\n  </head>`);
  }
  if (head) {
    html = html
      .replace(/<title>[\s\S]*?<\/title>\s*/, "")
      .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, "")
      .replace("</head>", () => `  ${headTags(head)}\n  </head>`);
  }
  // Nothing else in the element, not even a line break: React takes over its children as they are.
  // Marked for index.html's first script, which makes it inert while the app's code runs (web/main.tsx
  // lifts that): a tap or a keystroke before then would go nowhere, or be undone by React. Without
  // scripts the page stays a page: its links and forms work as HTML.
  if (body !== null)
    html = html.replace(
      /<div id="root" aria-busy="true">\s*<!--frame-->[\s\S]*?<!--\/frame-->\s*<\/div>/,
      () => `<div id="root" data-first-screen>${body}</div>`,
    );
  if (state !== undefined) {
    const script = `<script type="application/json" id="${STATE_ELEMENT_ID}">${scriptSafeJson(state)}</script>`;
    html = html.replace("</body>", () => `  ${script}\n  </body>`);
  }
  return body === null ? html : codeAfterFirstPaint(html, preloads);
}

const MODULE_SCRIPT = /\s*<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"(?: crossorigin)? href="([^"]+)">/g;

/**
 * A page that carries its first screen needs no code to paint it, so the code is asked for after that
 * paint: the entry and its preloads leave the head for a small script that adds them once the first
 * frame is out (at once in a background tab, which draws no frames). Fetched from the head, they would
 * share a slow connection with the stylesheet and the fonts the paint waits for: Lighthouse's mobile
 * model put these pages' first paint at 2.3 to 2.9 s that way, and at 0.8 to 1.2 s this way (bench/README.md).
 * (The app's code is 'self' in the CSP, which covers scripts added this way.)
 */
function codeAfterFirstPaint(html: string, routePreloads: readonly string[]): string {
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((m) => m[1]!);
  // The shell's own preloads (the entry's chunks), then the route's.
  const preloads = [...[...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!), ...routePreloads];
  const loader =
    `(function(){var p=${scriptSafeJson(preloads)},e=${scriptSafeJson(entries)};` +
    `function add(t,a){var n=document.createElement(t);n.crossOrigin="";for(var k in a)n[k]=a[k];document.head.appendChild(n)}` +
    `function load(){p.forEach(function(h){add("link",{rel:"modulepreload",href:h})});e.forEach(function(s){add("script",{type:"module",src:s})})}` +
    `if(document.visibilityState==="hidden")load();else requestAnimationFrame(function(){setTimeout(load,0)})})();`;
  return html
    .replace(MODULE_SCRIPT, "")
    .replace(MODULE_PRELOAD, "")
    .replace("</body>", () => `  <script>${loader}</script>\n  </body>`);
}
