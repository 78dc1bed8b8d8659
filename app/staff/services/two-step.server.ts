// Second factor: TOTP (RFC 6238, 30-second steps, 6 digits, SHA-1: what every authenticator
// app understands) with 10 single-use recovery codes stored as SHA-256. A code is accepted
// once: the time step of the last accepted code is stored and an equal or earlier one refused.
import crypto from "node:crypto";
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import QRCode from "qrcode";
import { site } from "~/content/site";
import { staffMailWording } from "~/content/staff-accounts";
import { getDb, type DB } from "~/infra/db.server";
import { hashToken } from "~/infra/secret-token.server";
import { recordAudit } from "~/site/index.server";
import { enqueueMail } from "~/mail/index.server";
import {
  clearRecoveryCodes,
  countUnusedRecoveryCodes,
  replaceRecoveryCodes,
  spendRecoveryCode,
} from "~/staff/models/recovery-code.server";
import { countPasskeys, deleteUserPasskeys } from "~/staff/models/passkey.server";
import { deleteOtherSessions, deleteSessionsWithoutTwoStep } from "~/staff/models/session.server";
import { claimTotpStep, getTeamMember, getTwoStep, setTwoStep, type User } from "~/staff/models/user.server";
import { forgetCachedSettingRows, getCharitySettings, settingSwitchOn, storeSettingSwitch } from "~/site/index.server";
import { staffNoticeMail } from "~/mail/index.server";
import { nowIsoString } from "~/infra/clock.server";
import { admitDoorAttempt, clearDoorAttempts } from "~/staff/services/attempt-limits.server";
import { Refusal } from "~/utils/refusal";

/**
 * Managing one's own two-step sign-in refused: a wrong or used code (400), too many tries (429,
 * 5 per 15 minutes, with when to try again), or turning it off while the team requires it (409).
 */
export class TwoStepError extends Refusal {}

const WRONG_CODE = "That code is not right, or was used already. Try the next code from your app.";

export const TOTP_PERIOD = 30;
export const RECOVERY_CODE_COUNT = 10;

/** Recovery codes are compared without case, spaces or hyphens. */
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");

/**
 * Whether the team must use two-step sign-in and this person has not set it up yet: neither an
 * authenticator app nor a passkey (a passkey counts as two-step sign-in).
 */
export async function twoStepMissing(userId: number): Promise<boolean> {
  const db = getDb();
  if (!(await teamRequiresTwoStep(db))) return false;
  if ((await getTwoStep(db, userId)).enabledAt !== null) return false;
  return (await countPasskeys(db, userId)) === 0;
}

/**
 * Whether the team requires two-step sign-in and this person has no authenticator app: the API's
 * second step is a code, so a passkey alone does not get an API token then.
 */
export async function apiTwoStepMissing(userId: number): Promise<boolean> {
  const db = getDb();
  return (await teamRequiresTwoStep(db)) && (await getTwoStep(db, userId)).enabledAt === null;
}

/** What may follow a right password: a code from the app, the person's passkey, both, or nothing (null). */
export interface SecondStep {
  code: boolean;
  passkey: boolean;
}

/**
 * The second step a password sign-in needs: a code when the person has an authenticator app (or
 * their passkey instead); their passkey when the team requires two-step sign-in and a passkey is
 * all they have (the password alone would skip the requirement); otherwise none.
 */
export async function secondStepOf(userId: number): Promise<SecondStep | null> {
  const db = getDb();
  const code = (await getTwoStep(db, userId)).enabledAt !== null;
  const passkey = (await countPasskeys(db, userId)) > 0;
  if (code) return { code, passkey };
  if (passkey && (await teamRequiresTwoStep(db))) return { code: false, passkey: true };
  return null;
}

export async function twoStepRequired(): Promise<boolean> {
  return teamRequiresTwoStep();
}

/** The Settings switch (one settings store, app/site/services/charity-settings.server.ts) that makes two-step sign-in required of everyone. */
const REQUIRE_TWO_STEP_SETTING = "requireTwoStep";

/** Whether the team must use two-step sign-in (off until an admin turns it on); read through the settings cache. */
export function teamRequiresTwoStep(db: DB = getDb()): Promise<boolean> {
  return settingSwitchOn(REQUIRE_TWO_STEP_SETTING, false, db);
}

export async function hasTwoStep(userId: number): Promise<boolean> {
  return (await getTwoStep(getDb(), userId)).enabledAt !== null;
}

export interface TwoStepOverview {
  enabled: boolean;
  required: boolean;
  recoveryCodesLeft: number;
}

export async function twoStepOverview(userId: number): Promise<TwoStepOverview> {
  const db = getDb();
  const state = await getTwoStep(db, userId);
  return {
    enabled: state.enabledAt !== null,
    required: await teamRequiresTwoStep(db),
    recoveryCodesLeft: state.enabledAt ? await countUnusedRecoveryCodes(db, userId) : 0,
  };
}

export interface TwoStepSetup {
  secret: string;
  uri: string;
  /** The otpauth:// URI as an SVG QR code (rendered here, on the server). */
  qrSvg: string;
}

/**
 * The secret to set up an authenticator app with: a new one the first time, the same one
 * while setting up is not finished (so reloading the page does not change the QR code).
 */
export async function beginTwoStepSetup(user: User): Promise<TwoStepSetup | null> {
  const db = getDb();
  const state = await getTwoStep(db, user.id);
  if (state.enabledAt) return null;
  let secret = state.secret;
  if (!secret) {
    secret = (await generateTOTP({ period: TOTP_PERIOD })).secret;
    await setTwoStep(db, user.id, { secret, enabledAt: null });
  }
  const uri = getTOTPAuthUri({
    period: TOTP_PERIOD,
    digits: 6,
    algorithm: "SHA-1",
    secret,
    accountName: user.username,
    issuer: site.name,
  });
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { secret, uri, qrSvg };
}

/** The time step a code matches (within one step either side), or null. */
async function matchingStep(secret: string, code: string): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verifyTOTP({ otp: code, secret, period: TOTP_PERIOD, window: 1 });
  if (!result) return null;
  // The TOTP library counts steps by the real time (as the person's phone does), so the step it
  // matched is counted on that same time, not on the app's clock.
  // eslint-disable-next-line no-restricted-syntax
  return Math.floor(Date.now() / 1000 / TOTP_PERIOD) + result.delta;
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = crypto.randomBytes(5).toString("hex");
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

/**
 * Turns the second factor on once the person typed a right code from their app; returns the
 * recovery codes (shown once). A wrong code (or nothing being set up) throws `TwoStepError`.
 */
export async function confirmTwoStep(user: User, code: string): Promise<string[]> {
  const db = getDb();
  const state = await getTwoStep(db, user.id);
  if (state.enabledAt || !state.secret) throw new TwoStepError(WRONG_CODE, 400);
  const step = await matchingStep(state.secret, code.replace(/\s/g, ""));
  if (step === null) throw new TwoStepError(WRONG_CODE, 400);
  const codes = newRecoveryCodes();
  await db.transaction().execute(async (trx) => {
    await setTwoStep(trx, user.id, { secret: state.secret, enabledAt: nowIsoString(), lastStep: step });
    await storeRecoveryCodes(trx, user, codes, "two-step.enabled");
  });
  return codes;
}

/** Keeps a person's new recovery codes (hashed; the old ones stop working), audited as `action`. */
async function storeRecoveryCodes(trx: DB, user: User, codes: string[], action: string): Promise<void> {
  await replaceRecoveryCodes(
    trx,
    user.id,
    codes.map((c) => hashToken(normaliseRecoveryCode(c))),
  );
  await recordAudit(trx, { entity: "user", entityId: user.id, action, actor: user.username, actorId: user.id });
}

// A check's answer, not a refusal: the sign-in code step and checkManageCode decide how to refuse a wrong code.
export type SecondFactorResult = { ok: true; via: "code" | "recovery-code" } | { ok: false };

/** Checks a code from the app (once per time step) or an unused recovery code. */
export async function verifySecondFactor(userId: number, input: string): Promise<SecondFactorResult> {
  const db = getDb();
  const state = await getTwoStep(db, userId);
  if (!state.enabledAt || !state.secret) return { ok: false };
  const code = input.replace(/\s/g, "");
  const step = await matchingStep(state.secret, code);
  if (step !== null) {
    return (await claimTotpStep(db, userId, step)) ? { ok: true, via: "code" } : { ok: false };
  }
  const normalised = normaliseRecoveryCode(code);
  if (normalised.length === 10 && (await spendRecoveryCode(db, userId, hashToken(normalised)))) {
    return { ok: true, via: "recovery-code" };
  }
  return { ok: false };
}

/**
 * Checks a code the person gives to manage their own two-step sign-in (new recovery codes,
 * turning it off), limited per person and per client like the sign-in code step; each wrong
 * code is audited. A wrong code or too many tries throws `TwoStepError`.
 */
async function checkManageCode(user: User, code: string, request: Request): Promise<void> {
  const door = await admitDoorAttempt("two-step-code", user.username, request);
  if (!door.allowed) throw new TwoStepError(door.message, 429, door.retryAfterSeconds);
  const check = await verifySecondFactor(user.id, code);
  if (!check.ok) {
    await recordAudit(getDb(), {
      entity: "user",
      entityId: user.id,
      action: "two-step.failed-code",
      actor: user.username,
      actorId: user.id,
    });
    throw new TwoStepError(WRONG_CODE, 400);
  }
  await clearDoorAttempts("two-step-code", user.username);
}

/** New recovery codes (the old ones stop working), after a right code from the app. */
export async function regenerateRecoveryCodes(user: User, code: string, request: Request): Promise<string[]> {
  await checkManageCode(user, code, request);
  const codes = newRecoveryCodes();
  const db = getDb();
  await db.transaction().execute(async (trx) => {
    await storeRecoveryCodes(trx, user, codes, "two-step.recovery-codes");
  });
  return codes;
}

/** The person turns their own second factor off (with a right code); refused while the team requires it. */
export async function turnOffTwoStep(user: User, code: string, request: Request): Promise<void> {
  const db = getDb();
  if (await teamRequiresTwoStep(db)) {
    throw new TwoStepError("The team requires two-step sign-in: it cannot be turned off.", 409);
  }
  await checkManageCode(user, code, request);
  await db.transaction().execute(async (trx) => {
    await setTwoStep(trx, user.id, { secret: null, enabledAt: null });
    await clearRecoveryCodes(trx, user.id);
    await recordAudit(trx, {
      entity: "user",
      entityId: user.id,
      action: "two-step.disabled",
      actor: user.username,
      actorId: user.id,
    });
  });
}

/**
 * Clears another person's second factor, their passkeys included (they set it up again at their
 * next sign-in when the team requires it); audited, and the person is told by e-mail. `actor` null: the operator's
 * command line.
 */
export async function resetTwoStep(targetId: number, actor: User | null, db = getDb()): Promise<boolean> {
  const target = await getTeamMember(db, targetId);
  if (!target) return false;
  const charity = await getCharitySettings(db);
  // Read before the transaction: the settings cache checks the data version on the database itself.
  const teamRequires = await teamRequiresTwoStep(db);
  await db.transaction().execute(async (trx) => {
    await setTwoStep(trx, targetId, { secret: null, enabledAt: null });
    await clearRecoveryCodes(trx, targetId);
    // A lost phone may hold a passkey too: a reset removes every second factor.
    const passkeys = await deleteUserPasskeys(trx, targetId);
    // While the team requires two-step sign-in, nobody without it keeps a session or API token.
    if (teamRequires) await deleteOtherSessions(trx, targetId, null);
    await recordAudit(trx, {
      entity: "user",
      entityId: targetId,
      action: "two-step.reset",
      detail: `Two-step sign-in of ${target.username} reset${passkeys ? `, ${passkeys} passkey${passkeys === 1 ? "" : "s"} removed` : ""}`,
      actor: actor?.username ?? "operator",
      actorId: actor?.id ?? null,
    });
    if (target.email) {
      const mail = staffNoticeMail(
        staffMailWording.twoStepResetSubject,
        staffMailWording.twoStepResetText(target.name ?? target.username, actor?.username ?? "The operator"),
        charity,
      );
      await enqueueMail(trx, { kind: "staff-two-step-reset", to: target.email, ...mail });
    }
  });
  return true;
}

/**
 * Turns the team's requirement on or off, audited. Turning it on ends every session and API token
 * of people without two-step sign-in (and every API token of people without the app, the API's
 * second step), so nothing issued before the switch outlives it; the admin's own browser session
 * (the token of the request's session) is kept, and is sent to set it up like anyone's next sign-in.
 * Returns how many sessions and tokens ended.
 */
export async function setTeamTwoStepRequirement(
  actor: User,
  on: boolean,
  keepToken: string | null = null,
): Promise<number> {
  const db = getDb();
  const ended = await db.transaction().execute(async (trx) => {
    await storeSettingSwitch(trx, REQUIRE_TWO_STEP_SETTING, on, actor.username);
    const ended = on ? await deleteSessionsWithoutTwoStep(trx, keepToken ? hashToken(keepToken) : null) : 0;
    await recordAudit(trx, {
      entity: "team",
      entityId: null,
      action: on ? "two-step.required" : "two-step.optional",
      detail: on ? `${ended} session${ended === 1 ? "" : "s"} and API tokens of people without it ended` : null,
      actor: actor.username,
      actorId: actor.id,
    });
    return ended;
  });
  forgetCachedSettingRows(db);
  return ended;
}
