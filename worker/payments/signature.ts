/**
 * Flitt's request and response signature: SHA-1 of the merchant secret followed by every non-empty
 * value, ordered by field name, joined with '|'. The signature fields themselves never take part.
 */
export type SignedFields = Record<string, unknown>;

const unsigned = new Set(["signature", "response_signature_string"]);

function signatureBase(secret: string, fields: SignedFields): string {
  const values = Object.keys(fields)
    .filter((key) => !unsigned.has(key))
    .sort()
    .map((key) => fields[key])
    .filter((value) => value !== undefined && value !== null && value !== "")
    .map((value) => (typeof value === "object" ? JSON.stringify(value) : String(value)));
  return [secret, ...values].join("|");
}

export async function flittSignature(secret: string, fields: SignedFields): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(signatureBase(secret, fields)));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Compares every character whatever the first difference, so the time taken tells nothing. */
export function constantTimeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

/** True when `fields.signature` is the signature of the other fields under `secret`. */
export async function hasValidSignature(secret: string, fields: SignedFields): Promise<boolean> {
  const given = fields.signature;
  if (typeof given !== "string" || given.length !== 40) return false;
  return constantTimeEqual(given.toLowerCase(), await flittSignature(secret, fields));
}
