// npm run admin:password [-- --username NAME] [--reset-2fa]
// Sets a staff user's password and ends all of that user's sessions and API tokens. The new
// password comes from ADMIN_NEW_PASSWORD, or is asked for (hidden, twice) on a terminal, or
// is read from the first line of piped standard input. With --reset-2fa it instead turns off
// the person's second factor (and recovery codes): the way back in for someone who lost both.
import readline from "node:readline";
import { Writable } from "node:stream";
import { pathToFileURL } from "node:url";
import { clearLoginFailures } from "../app/staff/models/login-throttle.server";
import { getUserByUsername, setUserPassword } from "../app/staff/models/user.server";
import { resetTwoStep } from "../app/staff/services/two-step.server";
import { migrateToLatest, openDatabase, type DB } from "../app/infra/db.server";
import { ConfigError, parseEnv } from "../app/infra/env.server";

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1024;

/** A problem the operator can fix; printed without a stack trace. */
export class PasswordResetError extends Error {
  override name = "PasswordResetError";
}

export function checkNewPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new PasswordResetError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new PasswordResetError(`The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`);
  }
}

/**
 * The testable core: sets the password of `username`, which ends every session and API token
 * of that user, and lifts a sign-in lock-out on the name (the operator has just vouched for it).
 */
export async function resetPassword(
  db: DB,
  username: string,
  password: string,
): Promise<{ id: number; username: string }> {
  checkNewPassword(password);
  const user = await getUserByUsername(db, username.trim());
  if (!user) throw new PasswordResetError(`There is no user called "${username.trim()}".`);
  await setUserPassword(db, user.id, password);
  await clearLoginFailures(db, user.username);
  return user;
}

/**
 * The operator's recovery path: turns off the person's second factor and recovery codes
 * (audited as done by "operator"; the person is told by e-mail). They sign in with their
 * password and may set it up again.
 */
export async function resetSecondFactor(db: DB, username: string): Promise<{ id: number; username: string }> {
  const user = await getUserByUsername(db, username.trim());
  if (!user) throw new PasswordResetError(`There is no user called "${username.trim()}".`);
  await resetTwoStep(user.id, null, db);
  await clearLoginFailures(db, `${user.username}#2fa`);
  return user;
}

function parseArgs(argv: string[]): { username?: string; reset2fa?: boolean } {
  const result: { username?: string; reset2fa?: boolean } = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--username" || arg === "-u") {
      const value = argv[++i];
      if (!value) throw new PasswordResetError("--username needs a value, e.g. --username admin");
      result.username = value;
    } else if (arg.startsWith("--username=")) {
      result.username = arg.slice("--username=".length);
    } else if (arg === "--reset-2fa") {
      result.reset2fa = true;
    } else if (arg === "--help" || arg === "-h") {
      console.log(
        "Usage: npm run admin:password -- [--username NAME] [--reset-2fa]\nThe new password is read from ADMIN_NEW_PASSWORD or asked for.\nWith --reset-2fa, the person's two-step sign-in is turned off instead (the password stays).",
      );
      process.exit(0);
    } else {
      throw new PasswordResetError(`Unknown argument "${arg}". Usage: npm run admin:password -- [--username NAME]`);
    }
  }
  return result;
}

/** Asks a question on the terminal; with `hidden`, typed characters are not echoed. */
function ask(question: string, hidden = false): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      if (hidden) process.stdout.write("\n");
      resolve(answer);
    });
    muted = hidden;
  });
}

async function readFirstLine(): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return "";
}

async function readNewPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_NEW_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) return readFirstLine();
  const password = await ask("New password (hidden): ", true);
  checkNewPassword(password);
  const again = await ask("Repeat the new password: ", true);
  if (again !== password) throw new PasswordResetError("The two passwords do not match; nothing was changed.");
  return password;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const env = parseEnv();
  let username = args.username;
  if (!username && process.stdin.isTTY) {
    username = (await ask(`Username [${env.ADMIN_USERNAME}]: `)).trim() || env.ADMIN_USERNAME;
  }
  username ||= env.ADMIN_USERNAME;

  if (args.reset2fa) {
    const db = openDatabase(env.databasePath);
    try {
      await migrateToLatest(db);
      const user = await resetSecondFactor(db, username);
      console.log(
        `Two-step sign-in of "${user.username}" is off; they can sign in with their password and set it up again.`,
      );
    } finally {
      await db.destroy();
    }
    return;
  }

  const password = await readNewPassword();
  checkNewPassword(password);

  const db = openDatabase(env.databasePath);
  try {
    await migrateToLatest(db);
    const user = await resetPassword(db, username, password);
    console.log(`The password of "${user.username}" has been changed; all of that user's sessions have been ended.`);
  } finally {
    await db.destroy();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    if (error instanceof PasswordResetError || error instanceof ConfigError) {
      console.error(error.message);
    } else {
      console.error("Changing the password failed:", error instanceof Error ? error.message : error);
    }
    process.exit(1);
  });
}
