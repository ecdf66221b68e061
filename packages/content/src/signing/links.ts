import { createHmac, timingSafeEqual } from "node:crypto";

export type LinkCheck = "valid" | "expired" | "tampered";

/**
 * The query string ("expires=<unix seconds>&signature=<base64url>") that makes `path` usable until
 * `expiresAt` by whoever holds it. The signature covers the path and the expiry, so neither can be
 * changed (nor the signature moved to another path) without the link failing its check.
 */
export function signLink(secret: string, path: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  if (!Number.isSafeInteger(expires)) throw new Error("A signed link needs a valid expiry.");
  return `expires=${expires}&signature=${signature(secret, path, String(expires))}`;
}

/**
 * Judges the query a request for `path` came with. The signature is checked before the expiry, so a
 * link whose expiry was pushed forward reads as tampered, not as merely expired.
 */
export function checkLink(secret: string, path: string, query: { expires?: unknown; signature?: unknown }, now: Date): LinkCheck {
  const { expires, signature: offered } = query;
  // Repeated parameters arrive as arrays: never pick one of them.
  if (typeof expires !== "string" || typeof offered !== "string" || !/^\d{1,15}$/.test(expires)) return "tampered";
  const expected = Buffer.from(signature(secret, path, expires));
  const given = Buffer.from(offered);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "tampered";
  return now.getTime() < Number(expires) * 1000 ? "valid" : "expired";
}

function signature(secret: string, path: string, expires: string): string {
  // An empty secret would let anyone sign.
  if (!secret) throw new Error("Signing links needs a secret.");
  // The purpose prefix keeps a link signature from ever being valid as an HMAC made with the same
  // secret for anything else; the newline cannot occur in a path or a number, so no two
  // (path, expiry) pairs share a message.
  return createHmac("sha256", secret).update(`pap:content-link:v1\n${path}\n${expires}`).digest("base64url");
}
