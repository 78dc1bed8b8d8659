import crypto from "node:crypto";
import { PASSWORD_SCRYPT_N, passwordScryptN } from "./env.server";

// scrypt with N=2^15 (PASSWORD_SCRYPT_N), r=8, p=1: about 32 MiB and tens of milliseconds per hash.
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAXMEM = 128 * PASSWORD_SCRYPT_N * R * 2;

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto.scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N: n, r, p, maxmem: MAXMEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64url; parameters travel with the hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const n = passwordScryptN();
  const key = await scrypt(password, salt, n, R, P);
  return ["scrypt", n, R, P, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = stored.split("$");
  if (scheme !== "scrypt" || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, "base64url");
  const actual = await scrypt(password, Buffer.from(saltText, "base64url"), Number(n), Number(r), Number(p));
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so unknown usernames cannot be told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString("hex"));
  await verifyPassword(password, await dummyHash);
  return false;
}

export function generatePassword(): string {
  return crypto.randomBytes(18).toString("base64url");
}
