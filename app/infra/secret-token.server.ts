import crypto from "node:crypto";

// The one home of secret tokens: sessions, API tokens, single-use links (password reset, e-mail
// change, donor sign-in, staff invitation), newsletter links and recovery codes. A token is 32
// random bytes in base64url; the database holds only its SHA-256, so a copy of it lets no one in.

/** A fresh secret token: 32 random bytes, base64url. */
export function newToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** The SHA-256 (hex) a token is stored and looked up by. */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}
