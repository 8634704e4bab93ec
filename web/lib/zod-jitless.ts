/**
 * Zod's object parser first checks whether it may compile code (`new Function`) and falls back when it
 * may not. Our CSP refuses eval, so that check is refused too, and the browser reports a CSP violation
 * on every page that parses anything. Zod reads its settings from this global (zod/v4/core/core.js),
 * and with `jitless` it skips the check. Set before any module makes a schema, so imported first by the
 * entry (web/main.tsx), and without importing zod itself (it stays out of the first route's JavaScript).
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// The same object zod keeps, if it was loaded already.
(scope.__zod_globalConfig ??= {}).jitless = true;

export {};
