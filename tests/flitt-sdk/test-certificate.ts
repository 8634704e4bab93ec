import { generateKeyPairSync, randomBytes, sign } from "node:crypto";

/**
 * A self-signed TLS certificate for one host name, made at test time with node:crypto alone (no
 * OpenSSL binary, no files): a P-256 key and a minimal X.509 v3 certificate, DER-encoded by hand.
 * The test trusts it explicitly (as its only CA), so nothing else ever does.
 */

const tlv = (tag: number, content: Buffer) => {
  const n = content.length;
  const length = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff];
  return Buffer.concat([Buffer.from([tag, ...length]), content]);
};
const seq = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => tlv(0x31, Buffer.concat(items));
const oid = (dotted: string) => {
  const [a = 0, b = 0, ...rest] = dotted.split(".").map(Number);
  const bytes = [a * 40 + b];
  for (const part of rest) {
    const chunk = [part & 0x7f];
    for (let v = part >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
};
const utf8 = (text: string) => tlv(0x0c, Buffer.from(text, "utf8"));
const utcTime = (date: Date) => tlv(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-T:]/g, "")}Z`, "ascii"));
const bitString = (bytes: Buffer) => tlv(0x03, Buffer.concat([Buffer.from([0]), bytes]));
const octetString = (bytes: Buffer) => tlv(0x04, bytes);
const explicit = (n: number, content: Buffer) => tlv(0xa0 + n, content);

const ECDSA_WITH_SHA256 = seq(oid("1.2.840.10045.4.3.2"));

export function selfSignedCertificate(hostname: string): { cert: string; key: string } {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const name = seq(set(seq(oid("2.5.4.3"), utf8(hostname))));
  const day = 24 * 60 * 60 * 1000;
  const now = Date.now();
  // A positive serial: the top bit of its first byte is clear.
  const serial = randomBytes(8);
  serial[0] = serial[0]! & 0x7f;
  const subjectAltName = seq(oid("2.5.29.17"), octetString(seq(tlv(0x82, Buffer.from(hostname, "ascii")))));
  const tbs = seq(
    explicit(0, tlv(0x02, Buffer.from([2]))),
    tlv(0x02, serial),
    ECDSA_WITH_SHA256,
    name,
    seq(utcTime(new Date(now - day)), utcTime(new Date(now + day))),
    name,
    publicKey.export({ type: "spki", format: "der" }),
    explicit(3, seq(subjectAltName)),
  );
  const der = seq(tbs, ECDSA_WITH_SHA256, bitString(sign("sha256", tbs, privateKey)));
  const pem = der
    .toString("base64")
    .match(/.{1,64}/g)!
    .join("\n");
  return {
    cert: `-----BEGIN CERTIFICATE-----\n${pem}\n-----END CERTIFICATE-----\n`,
    key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  };
}
