import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "./env.server";

let cached: string[] | undefined;

/**
 * Cookie-signing secrets: SESSION_SECRET (comma-separated; the first signs, all verify), or
 * a random secret generated once and kept beside the database so sessions survive restarts.
 */
export function getSessionSecrets(): string[] {
  if (cached) return cached;
  const env = getEnv();
  if (env.SESSION_SECRET?.length) return (cached = env.SESSION_SECRET);
  const file = path.join(env.dataDir, "session-secret");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    // "wx": when two processes start at once, only one secret is ever written.
    fs.writeFileSync(file, crypto.randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return (cached = [fs.readFileSync(file, "utf8").trim()]);
}
