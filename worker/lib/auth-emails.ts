import { escapeHtml } from "./html";

function layout(title: string, intro: string, action: string, url: string, outro: string) {
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="color:#555">${escapeHtml(outro)}</p>
<p style="color:#555;word-break:break-all">${escapeHtml(url)}</p>
</body></html>`;
  const text = `${title}\n\n${intro}\n\n${action}: ${url}\n\n${outro}\n`;
  return { subject: title, text, html };
}

/** The account e-mails. Links are absolute on the origin the user signed up or asked from. */
export function authEmails(_origin: string) {
  return {
    verifyEmail: (name: string, url: string) =>
      layout(
        "Verify your e-mail address",
        `Hi ${name || "there"}, welcome to Agora! Confirm this address to finish creating your account.`,
        "Verify e-mail",
        url,
        "The link works once and expires in 24 hours. If you did not sign up, ignore this message.",
      ),
    passwordReset: (name: string, url: string) =>
      layout(
        "Reset your password",
        `Hi ${name || "there"}, we received a request to reset your Agora password.`,
        "Choose a new password",
        url,
        "The link works once and expires in 1 hour. If you did not ask for it, ignore this message; your password stays the same.",
      ),
  };
}
