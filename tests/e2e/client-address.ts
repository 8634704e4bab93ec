/**
 * Headers giving a browser context a client address of its own. The server limits sign-ins and sign-ups
 * per address (cf-connecting-ip: Cloudflare sets it at the edge, and the local server sets the loopback
 * address), so contexts left on the default share one allowance and lock each other out within its
 * window, and a re-run against the same state would start where the last one stopped.
 */
let last = Math.floor(Math.random() * 0xffffff);

export function ownAddress(): { "cf-connecting-ip": string } {
  last = (last + 1) % 0xffffff;
  return { "cf-connecting-ip": `10.${(last >> 16) & 255}.${(last >> 8) & 255}.${last & 255}` };
}
