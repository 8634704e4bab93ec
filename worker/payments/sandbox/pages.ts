import { escapeHtml } from "../../lib/html";

/** The sandbox's HTML: Flitt's test ACS (the card's bank) and its hosted checkout page. */

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 16px system-ui, sans-serif; margin: 0; padding: 24px; color: #111827; background: #f9fafb; }
  @media (prefers-color-scheme: dark) { body { color: #f3f4f6; background: #111827; } input { background: #1f2937; color: inherit; } }
  main { max-width: 420px; margin: 0 auto; }
  form { display: grid; gap: 12px; margin-top: 16px; }
  label { display: grid; gap: 4px; font-size: 14px; }
  input { padding: 10px; border: 1px solid #9ca3af; border-radius: 8px; font: inherit; }
  button { padding: 12px; border: 0; border-radius: 8px; font: inherit; font-weight: 600; cursor: pointer; }
  .primary { background: #2563eb; color: #fff; } .secondary { background: #e5e7eb; color: #111827; }
  small { color: #6b7280; }
</style></head>
<body><main>${body}</main></body></html>`;

const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");

/** What the payer's bank shows for a 3-D Secure challenge; either button returns to the merchant's TermUrl. */
export function acsPage(opts: {
  md: string;
  termUrl: string;
  amount: string;
  maskedCard: string;
  approvePares: string;
  failPares: string;
}) {
  return page(
    "3-D Secure test page",
    `<h1>3-D Secure</h1>
<p>Test bank page for card ${escapeHtml(opts.maskedCard)}, amount ${escapeHtml(opts.amount)}.</p>
<form method="post" action="${escapeHtml(opts.termUrl)}">${hidden({ MD: opts.md, PaRes: opts.approvePares })}
  <button class="primary" type="submit">Confirm</button></form>
<form method="post" action="${escapeHtml(opts.termUrl)}">${hidden({ MD: opts.md, PaRes: opts.failPares })}
  <button class="secondary" type="submit">Fail authentication</button></form>
<p><small>Flitt sandbox: no real bank is contacted.</small></p>`,
  );
}

export function checkoutPage(opts: { action: string; amount: string; description: string; error?: string }) {
  return page(
    "Flitt checkout (sandbox)",
    `<h1>Pay ${escapeHtml(opts.amount)}</h1><p>${escapeHtml(opts.description)}</p>
${opts.error ? `<p role="alert">${escapeHtml(opts.error)}</p>` : ""}
<form method="post" action="${escapeHtml(opts.action)}">
  <label>Card number<input name="card_number" inputmode="numeric" autocomplete="cc-number" required></label>
  <label>Expiry (MMYY)<input name="expiry_date" inputmode="numeric" autocomplete="cc-exp" required></label>
  <label>CVV<input name="cvv2" inputmode="numeric" autocomplete="cc-csc" required></label>
  <button class="primary" type="submit">Pay</button>
</form>
<p><small>Flitt sandbox: use Flitt's test cards.</small></p>`,
  );
}

/** The sandbox's HTML may be framed by the app (the 3-D Secure dialog), nothing else. */
export const sandboxPageCsp =
  "default-src 'none'; style-src 'unsafe-inline'; form-action *; frame-ancestors 'self'; base-uri 'none'";
