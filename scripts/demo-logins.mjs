import { DEMO_PASSWORD, USERS } from "../db/seed/people.ts";

/** Prints where the app runs and who to sign in as (the seeded accounts of db/seed/people.ts). */
export function printBanner(url) {
  const ana = USERS.find((u) => u.email === "ana@example.com");
  const lines = [
    "",
    `  Agora is running at ${url}`,
    `  Development mail (verification and reset links): ${url}/dev/mail`,
    `  Local Flitt sandbox (payments): ${url}/dev/flitt, test card 4444 5555 6666 1111 (3-D Secure, approved)`,
    "",
    `  Demo logins (password: ${DEMO_PASSWORD})`,
    ...USERS.slice(0, 3).map(
      (u) =>
        `    ${u.email.padEnd(22)} ${u.fullName}${u.platformRole === "staff" ? " (staff)" : u === ana ? " (community owner)" : ""}`,
    ),
    `    ...and ${USERS.length - 3} more members: ${USERS.slice(3)
      .map((u) => u.email)
      .join(", ")}`,
    "",
  ];
  console.log(lines.join("\n"));
}
