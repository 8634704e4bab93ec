/** The seeded accounts (db/seed.ts); README lists the same. */
export const demoPassword = "demo-pass-2026";
export const demoLogins = [
  ["staff@example.com", "staff: reviews communities, handles reports"],
  ["ana@example.com", "creator and owner of the demo communities"],
  ["giorgi@example.com", "member of several communities"],
];

export function printBanner(url) {
  const lines = [
    "",
    `  Agora is running at ${url}`,
    `  Development mail (verification and reset links): ${url}/dev/mail`,
    "",
    `  Demo logins (password: ${demoPassword})`,
    ...demoLogins.map(([email, role]) => `    ${email.padEnd(22)} ${role}`),
    "",
  ];
  console.log(lines.join("\n"));
}
