import crypto from "node:crypto";
import { getSessionSecrets } from "./session-secret.server";

// Links that need no database row: the address carries what it is for and until when, and an
// HMAC-SHA256 of both under the site's signing secret (SESSION_SECRET, or the generated one
// kept beside the database; the first signs, all verify, so rotating keeps links working while
// the old secret stays listed). Each purpose signs its own text, so a link made for one thing
// never works for another. Nothing secret is in the payload: it is readable, only not forgeable.

export type SignedLinkCheck = { ok: true; fields: string[]; expiresAt: Date } | { ok: false; status: 404 | 410 };

const FIELD = /^[A-Za-z0-9]{1,40}$/;
// Fields, the expiry and the signature joined by "-": the token is one run of URL-safe
// characters, which the access log and the app's log redact like every other link token.
const SEPARATOR = "-";

function mac(secret: string, purpose: string, body: string): string {
  return crypto.createHmac("sha256", secret).update(`${purpose}\n${body}`).digest("base64url");
}

/** A token "f1-f2-…-expires-signature" (fields: letters and digits only; the signature may hold "-" and "_"). */
export function signLinkToken(
  purpose: string,
  fields: readonly string[],
  expiresAt: Date,
  secrets: readonly string[] = getSessionSecrets(),
): string {
  if (!fields.every((field) => FIELD.test(field))) throw new Error("A signed link field must be short and plain");
  const body = [...fields, String(Math.floor(expiresAt.getTime() / 1000))].join(SEPARATOR);
  return `${body}${SEPARATOR}${mac(secrets[0], purpose, body)}`;
}

/**
 * The token's fields when its signature checks out under any secret and it has not expired;
 * otherwise 404 (not ours, tampered with, malformed) or 410 (genuine but expired).
 */
export function verifyLinkToken(
  purpose: string,
  token: string,
  fieldCount: number,
  now: Date,
  secrets: readonly string[] = getSessionSecrets(),
): SignedLinkCheck {
  if (token.length > 400 || !/^[A-Za-z0-9_-]+$/.test(token)) return { ok: false, status: 404 };
  // The fields and the expiry hold no separator; whatever follows them is the signature.
  const all = token.split(SEPARATOR);
  if (all.length < fieldCount + 2) return { ok: false, status: 404 };
  const parts = all.slice(0, fieldCount + 1);
  const signature = Buffer.from(all.slice(fieldCount + 1).join(SEPARATOR), "utf8");
  const body = parts.join(SEPARATOR);
  const genuine = secrets.some((secret) => {
    const expected = Buffer.from(mac(secret, purpose, body), "utf8");
    return expected.length === signature.length && crypto.timingSafeEqual(expected, signature);
  });
  if (!genuine) return { ok: false, status: 404 };
  const expires = Number(parts.pop());
  if (!Number.isSafeInteger(expires)) return { ok: false, status: 404 };
  if (now.getTime() >= expires * 1000) return { ok: false, status: 410 };
  return { ok: true, fields: parts, expiresAt: new Date(expires * 1000) };
}
