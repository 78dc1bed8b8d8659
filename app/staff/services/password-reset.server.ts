// "Forgot your password?": the answer is the same whether or not the address belongs to
// someone, and takes the same time (the request is padded to a fixed minimum); a link works
// once, for one hour, and setting the password ends every session and API token of the person.
import { nowDate } from "~/infra/clock.server";
import { RESET_HOURS, staffMailWording } from "~/content/staff-accounts";
import { getDb, type DB } from "~/infra/db.server";
import type { CharitySettings } from "~/utils/charity-settings";
import { hashPassword } from "~/infra/password.server";
import { absoluteUrl } from "~/infra/public-url.server";
import { clientKey } from "~/infra/request-scope.server";
import { recordAudit } from "~/site/index.server";
import { admitLoginAttempt, clearLoginFailures, throttleMessage } from "~/staff/models/login-throttle.server";
import { enqueueMail } from "~/mail/index.server";
import { hashToken, newToken } from "~/infra/secret-token.server";
import { createPasswordReset, findOpenPasswordReset, markPasswordResetUsed } from "~/staff/models/staff-token.server";
import { getActiveUserByEmail, getUserById, setPasswordHash, type User } from "~/staff/models/user.server";
import { getCharitySettings } from "~/site/index.server";
import { staffLinkMail, staffNoticeMail } from "~/mail/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { Refusal } from "~/utils/refusal";

export const RESET_TTL_MS = RESET_HOURS * 60 * 60 * 1000;
/** Every answer to a reset request takes at least this long, whatever happened. */
export const RESET_REQUEST_MIN_MS = 400;

/** Too many reset requests for this address or from this client (429, with when to try again). */
export class ResetThrottledError extends Refusal {
  constructor(retryAfterSeconds: number) {
    super(throttleMessage(retryAfterSeconds), 429, retryAfterSeconds);
  }
}

/** The name reset requests for an address are counted under, beside sign-in failures. */
export const resetThrottleKey = (email: string) => `reset:${email.trim().toLowerCase()}`;

/**
 * Sends a reset link when the address belongs to an active person; always answers the same.
 * Throttled like sign-in: per address and per client (`ResetThrottledError`).
 */
export async function requestPasswordReset(
  email: string,
  request: Request,
  options: { minMs?: number; now?: Date } = {},
): Promise<void> {
  const started = performance.now();
  const db = getDb();
  const throttle = await admitLoginAttempt(db, {
    username: resetThrottleKey(email),
    client: clientKey(request),
  });
  if (!throttle.allowed) throw new ResetThrottledError(throttle.retryAfterSeconds);
  const user = await getActiveUserByEmail(db, email);
  if (user?.email) {
    const token = newToken();
    const charity = await getCharitySettings(db);
    await db.transaction().execute(async (trx) => {
      await createPasswordReset(trx, {
        userId: user.id,
        tokenHash: hashToken(token),
        now: options.now ?? nowDate(),
        ttlMs: RESET_TTL_MS,
      });
      const mail = staffLinkMail(
        staffMailWording.resetSubject,
        staffMailWording.resetIntro,
        staffMailWording.resetLinkLabel,
        absoluteUrl(adminPaths.resetPassword(token)),
        staffMailWording.resetIgnore,
        charity,
      );
      await enqueueMail(trx, { kind: "staff-password-reset", to: user.email!, ...mail });
      await recordAudit(trx, {
        entity: "user",
        entityId: user.id,
        action: "password.reset-requested",
        actor: "anonymous",
        actorId: null,
      });
    });
  }
  const wait = (options.minMs ?? RESET_REQUEST_MIN_MS) - (performance.now() - started);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** Whether a reset link still works (for the page's first view). */
export async function resetLinkWorks(token: string | undefined, now: Date = nowDate()): Promise<boolean> {
  if (!token || token.length > 100) return false;
  return (await findOpenPasswordReset(getDb(), hashToken(token), now)) !== undefined;
}

/**
 * Sets the new password with a reset link, once. Every session and API token of the person
 * ends in the same transaction, and a lock-out of their username is lifted; the caller then
 * signs this browser in afresh (through the code step when they have two-step sign-in on).
 */
export async function resetPasswordWithToken(
  token: string | undefined,
  password: string,
  now: Date = nowDate(),
): Promise<User | null> {
  if (!token || token.length > 100) return null;
  const db = getDb();
  const tokenHash = hashToken(token);
  const userId = await findOpenPasswordReset(db, tokenHash, now);
  if (userId === undefined) return null;
  const passwordHash = await hashPassword(password);
  const user = await getUserById(db, userId);
  if (!user) return null;
  const charity = await getCharitySettings(db);
  const done = await db.transaction().execute(async (trx) => {
    if (!(await markPasswordResetUsed(trx, tokenHash, now))) return false;
    await setPasswordHash(trx, userId, passwordHash);
    await clearLoginFailures(trx, user.username);
    await recordAudit(trx, {
      entity: "user",
      entityId: userId,
      action: "password.reset",
      actor: user.username,
      actorId: userId,
    });
    await queuePasswordChangedNotice(trx, user, charity);
    return true;
  });
  return done ? user : null;
}

/** Tells a person, at their address, that their password changed (a reset, or their own change). */
export async function queuePasswordChangedNotice(trx: DB, user: User, charity: CharitySettings): Promise<void> {
  if (!user.email) return;
  const mail = staffNoticeMail(
    staffMailWording.passwordChangedSubject,
    staffMailWording.passwordChangedText(user.name ?? user.username),
    charity,
  );
  await enqueueMail(trx, { kind: "staff-password-changed", to: user.email, ...mail });
}
