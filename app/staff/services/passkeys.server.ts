// Staff passkeys (WebAuthn, docs/team.md "Passkeys"): added on Your account, used to sign in
// alone (no password) or as the second step after a password. The relying party is PUBLIC_URL's
// host and the only accepted origin is PUBLIC_URL's origin. Every challenge is made here, kept in
// the database (single use, CHALLENGE_TTL_MS) and taken back from the browser's answer; the
// signature counter must move forward; the credential found decides whose account it opens.
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { site } from "~/content/site";
import { MAX_PASSKEY_NAME, passkeyMailWording } from "~/content/passkeys";
import { nowDate } from "~/infra/clock.server";
import { getDb, type DB } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { requestLogger } from "~/infra/logger.server";
import { clientKey } from "~/infra/request-scope.server";
import { recordAudit } from "~/site/index.server";
import { admitFormPost } from "~/site/index.server";
import { admitLoginAttempt, clearLoginFailures, throttleMessage } from "~/staff/models/login-throttle.server";
import { enqueueMail } from "~/mail/index.server";
import {
  advancePasskeyCounter,
  countPasskeys,
  deletePasskey,
  getPasskeyByCredentialId,
  getUserPasskey,
  insertPasskey,
  listPasskeys,
  renamePasskey,
  storeChallenge,
  takeChallenge,
} from "~/staff/models/passkey.server";
import { getTeamMember, type User } from "~/staff/models/user.server";
import { textProblem } from "~/schemas/field-rules";
import { getCharitySettings } from "~/site/index.server";
import { knownDeviceOf } from "./known-device.server";
import { staffNoticeMail } from "~/mail/index.server";
import { Refusal } from "~/utils/refusal";

/** How long a browser has to answer a challenge. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Passkeys one person may keep. */
export const MAX_PASSKEYS = 10;
/** An answer from the browser is small; anything longer is refused unread. */
const MAX_RESPONSE_CHARS = 20_000;

/** A passkey refused: a malformed or unverifiable answer (400), an unknown passkey (401), too many tries (429). */
export class PasskeyError extends Refusal {}

const NOT_RECOGNISED = "That passkey was not recognised. Sign in with your password, or try another passkey.";
const NOT_VERIFIED = "The passkey could not be checked. Please try again.";

/** The relying party: PUBLIC_URL's host (a passkey is bound to it) and its origin. */
export function relyingParty(): { id: string; origin: string; name: string } {
  const url = new URL(getEnv().publicUrl);
  return { id: url.hostname, origin: url.origin, name: site.name };
}

/**
 * The WebAuthn library, loaded when a passkey is first added or used: it takes longer to load
 * than the rest of the staff code, which every server start and test file would otherwise pay.
 */
const webauthn = () => import("@simplewebauthn/server");

/** What every answer (adding a passkey or signing in with one) must match: our challenge, origin and relying party, with the person verified. */
function expected(challenge: string) {
  const rp = relyingParty();
  return {
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  };
}

/** The WebAuthn user handle of a person: their id, so an answer names whose passkey it is. */
const userHandleOf = (userId: number) => new TextEncoder().encode(`staff:${userId}`);

export async function hasPasskey(userId: number, db: DB = getDb()): Promise<boolean> {
  return (await countPasskeys(db, userId)) > 0;
}

export interface PasskeyView {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export async function myPasskeys(user: User): Promise<PasskeyView[]> {
  return (await listPasskeys(getDb(), user.id)).map(({ id, name, createdAt, lastUsedAt }) => ({
    id,
    name,
    createdAt,
    lastUsedAt,
  }));
}

/** Options for adding a passkey (navigator.credentials.create), its challenge kept for this person. */
export async function passkeyRegistrationOptions(user: User): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const db = getDb();
  const existing = await listPasskeys(db, user.id);
  if (existing.length >= MAX_PASSKEYS) {
    throw new PasskeyError(`You have ${MAX_PASSKEYS} passkeys already: remove one before adding another.`, 409);
  }
  const rp = relyingParty();
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userDisplayName: user.name ?? user.username,
    userID: userHandleOf(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    timeout: CHALLENGE_TTL_MS,
  });
  await storeChallenge(db, {
    challenge: options.challenge,
    purpose: "register",
    userId: user.id,
    expiresAt: new Date(nowDate().getTime() + CHALLENGE_TTL_MS),
  });
  return options;
}

/** The challenge an answer carries (in its clientDataJSON), or null when it cannot be read. */
function challengeOf(clientDataJSON: unknown): string | null {
  if (typeof clientDataJSON !== "string" || clientDataJSON.length > MAX_RESPONSE_CHARS) return null;
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8"));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === "string" ? challenge : null;
  } catch {
    return null;
  }
}

/** The browser's answer, as posted (a JSON string in a form field). */
function parseAnswer<T extends { id: string; response: { clientDataJSON: string } }>(raw: unknown): T {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_RESPONSE_CHARS) {
    throw new PasskeyError(NOT_VERIFIED, 400);
  }
  try {
    const value = JSON.parse(raw) as T;
    if (typeof value?.id !== "string" || typeof value.response?.clientDataJSON !== "string") throw new Error();
    return value;
  } catch {
    throw new PasskeyError(NOT_VERIFIED, 400);
  }
}

/** A passkey's name: trimmed, cut to MAX_PASSKEY_NAME, held to the text rule of every stored name. */
function cleanName(name: string): string {
  const trimmed = name.trim().slice(0, MAX_PASSKEY_NAME).trim();
  const problem = textProblem("line", "The passkey's name", trimmed);
  if (problem) throw new PasskeyError(problem, 400);
  return trimmed;
}

/**
 * Adds a passkey from the browser's answer to this person's challenge: verified (origin, RP ID,
 * user verification, the challenge taken once), kept under `name`, audited and e-mailed.
 */
export async function addPasskey(user: User, rawAnswer: unknown, name: string): Promise<PasskeyView> {
  const db = getDb();
  const label = cleanName(name) || "Passkey";
  const answer = parseAnswer<RegistrationResponseJSON>(rawAnswer);
  const challenge = challengeOf(answer.response.clientDataJSON);
  if (!challenge || !(await takeChallenge(db, challenge, "register", user.id))) {
    throw new PasskeyError("That request to add a passkey has expired. Please try again.", 400);
  }
  const { verifyRegistrationResponse } = await webauthn();
  let verification;
  try {
    verification = await verifyRegistrationResponse({ response: answer, ...expected(challenge) });
  } catch {
    throw new PasskeyError(NOT_VERIFIED, 400);
  }
  if (!verification.verified) throw new PasskeyError(NOT_VERIFIED, 400);
  const { credential } = verification.registrationInfo;
  if (await getPasskeyByCredentialId(db, credential.id)) {
    throw new PasskeyError("This passkey is registered already.", 409);
  }
  const charity = await getCharitySettings(db);
  const id = await db.transaction().execute(async (trx) => {
    const id = await insertPasskey(trx, {
      userId: user.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: label,
    });
    await recordChange(
      trx,
      user,
      {
        action: "passkey.added",
        detail: `Passkey "${label}"`,
        text: passkeyMailWording.passkeyAddedText(user.name ?? user.username, label),
      },
      charity,
    );
    return id;
  });
  return { id, name: label, createdAt: nowDate().toISOString(), lastUsedAt: null };
}

/**
 * Audits a change to the person's passkeys (`detail`) and tells them by e-mail (`text`), so a
 * change they did not make is noticed.
 */
async function recordChange(
  trx: DB,
  user: User,
  change: { action: string; detail: string; text: string },
  charity: Awaited<ReturnType<typeof getCharitySettings>>,
): Promise<void> {
  await recordAudit(trx, {
    entity: "user",
    entityId: user.id,
    action: change.action,
    detail: change.detail,
    actor: user.username,
    actorId: user.id,
  });
  if (user.email) {
    const mail = staffNoticeMail(passkeyMailWording.passkeysChangedSubject, change.text, charity);
    await enqueueMail(trx, { kind: "staff-passkey-changed", to: user.email, ...mail });
  }
}

export async function renameMyPasskey(user: User, id: number, name: string): Promise<boolean> {
  const db = getDb();
  const label = cleanName(name);
  if (!label) throw new PasskeyError("Give the passkey a name.", 400);
  const before = await getUserPasskey(db, user.id, id);
  if (!before) return false;
  const charity = await getCharitySettings(db);
  return db.transaction().execute(async (trx) => {
    if (!(await renamePasskey(trx, user.id, id, label))) return false;
    await recordChange(
      trx,
      user,
      {
        action: "passkey.renamed",
        detail: `Passkey "${before.name}" to "${label}"`,
        text: passkeyMailWording.passkeyRenamedText(user.name ?? user.username, before.name, label),
      },
      charity,
    );
    return true;
  });
}

export async function removeMyPasskey(user: User, id: number): Promise<boolean> {
  const db = getDb();
  const before = await getUserPasskey(db, user.id, id);
  if (!before) return false;
  const charity = await getCharitySettings(db);
  return db.transaction().execute(async (trx) => {
    if (!(await deletePasskey(trx, user.id, id))) return false;
    await recordChange(
      trx,
      user,
      {
        action: "passkey.removed",
        detail: `Passkey "${before.name}"`,
        text: passkeyMailWording.passkeyRemovedText(user.name ?? user.username, before.name),
      },
      charity,
    );
    return true;
  });
}

/**
 * Options for signing in with a passkey (navigator.credentials.get). Alone (no `user`): any
 * passkey the browser holds for this site, counted against the client's public-form limits since
 * anyone may ask. As the second step (`user` is halfway through signing in): only theirs.
 */
export async function passkeySignInOptions(
  request: Request,
  user?: User,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const db = getDb();
  if (!user) {
    const { PUBLIC_FORM_LIMIT_PER_MINUTE: perMinute, PUBLIC_FORM_LIMIT_PER_HOUR: perHour } = getEnv();
    const decision = await admitFormPost(db, clientKey(request), { perMinute, perHour });
    if (!decision.allowed) {
      throw new PasskeyError(throttleMessage(decision.retryAfterSeconds), 429, decision.retryAfterSeconds);
    }
  }
  const allowCredentials = user
    ? (await listPasskeys(db, user.id)).map((p) => ({ id: p.credentialId, transports: p.transports }))
    : undefined;
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().id,
    userVerification: "required",
    allowCredentials,
    timeout: CHALLENGE_TTL_MS,
  });
  await storeChallenge(db, {
    challenge: options.challenge,
    purpose: "sign-in",
    userId: user?.id ?? null,
    expiresAt: new Date(nowDate().getTime() + CHALLENGE_TTL_MS),
  });
  return options;
}

/**
 * Checks a sign-in by passkey and answers whose account it opens. The passkey's own record
 * decides the person (its user handle must agree); with `pending` (the second step after a
 * password) it must be that person's. Each attempt counts against the client's sign-in limit
 * (per browser for a known device) and the passkey's own, like a password; a right one clears
 * the passkey's count. Refusals throw `PasskeyError`.
 */
export async function verifyPasskeySignIn(rawAnswer: unknown, request: Request, pending?: User): Promise<User> {
  const db = getDb();
  const answer = parseAnswer<AuthenticationResponseJSON>(rawAnswer);
  const throttleKey = `passkey#${answer.id.slice(0, 120)}`;
  const device = await knownDeviceOf(request);
  const throttle = await admitLoginAttempt(db, {
    username: throttleKey,
    client: clientKey(request),
    device: device.id,
    knownDevice: device.userIds.length > 0,
  });
  if (!throttle.allowed) {
    throw new PasskeyError(throttleMessage(throttle.retryAfterSeconds), 429, throttle.retryAfterSeconds);
  }
  const challenge = challengeOf(answer.response.clientDataJSON);
  if (!challenge || !(await takeChallenge(db, challenge, "sign-in", pending?.id ?? null))) {
    throw new PasskeyError("That sign-in request has expired. Please try again.", 400);
  }
  const passkey = await getPasskeyByCredentialId(db, answer.id);
  const refuse = async (reason: string): Promise<never> => {
    await recordAudit(db, {
      entity: "user",
      entityId: passkey?.userId ?? null,
      action: "sign-in.failed",
      detail: `Failed sign-in with a passkey: ${reason}`,
      actor: "anonymous",
      actorId: null,
    });
    throw new PasskeyError(NOT_RECOGNISED, 401);
  };
  if (!passkey) return refuse("unknown passkey");
  if (pending && passkey.userId !== pending.id) return refuse("another person's passkey");
  const handle = answer.response.userHandle;
  if (handle && handle !== Buffer.from(userHandleOf(passkey.userId)).toString("base64url")) {
    return refuse("user handle does not match");
  }
  const { verifyAuthenticationResponse } = await webauthn();
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: answer,
      ...expected(challenge),
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
        counter: passkey.counter,
      },
    });
  } catch {
    return refuse("not verified");
  }
  if (!verification.verified) return refuse("not verified");
  if (!(await advancePasskeyCounter(db, passkey.id, verification.authenticationInfo.newCounter))) {
    requestLogger(request, "auth.passkey").warn(
      { event: "auth.passkey_counter", user_id: passkey.userId },
      "A passkey's signature counter did not move forward: a cloned authenticator or a replayed answer",
    );
    return refuse("signature counter did not move forward");
  }
  const member = await getTeamMember(db, passkey.userId);
  if (!member || member.status !== "active") return refuse("account not active");
  const user: User = {
    id: member.id,
    username: member.username,
    role: member.role,
    name: member.name,
    email: member.email,
  };
  await clearLoginFailures(db, throttleKey);
  requestLogger(request, "auth.passkey").info(
    { event: "auth.sign_in", user_id: user.id, via: "passkey" },
    "Staff member signed in with a passkey",
  );
  return user;
}
