import { nowDate } from "~/infra/clock.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { z } from "zod";
import { getDb } from "~/infra/db.server";
import { requestLogger } from "~/infra/logger.server";
import { clientKey } from "~/infra/request-scope.server";
import {
  admitLoginAttempt,
  clearLoginFailures,
  crossesThreshold,
  FAILURE_SURGE,
  throttleMessage,
} from "~/staff/models/login-throttle.server";
import { recordAudit } from "~/site/index.server";
import { createSession, deleteSession, getSessionUser } from "~/staff/models/session.server";
import { getUserByUsername, recordSignIn, verifyLogin, type User } from "~/staff/models/user.server";
import { knownDeviceOf } from "~/staff/services/known-device.server";
import { verifySecondFactor } from "~/staff/services/two-step.server";
import { sendSignInNotice } from "~/staff/services/sign-in-notice.server";
import { loginSchema } from "~/staff/schemas/login";
import { Refusal } from "~/utils/refusal";

/** The same words for an unknown user and a wrong password: no username enumeration. */
export const INVALID_CREDENTIALS_MESSAGE = "Invalid username or password";

/**
 * The one sign-in use case, for the staff form and the JSON API alike: validate, throttle
 * (checked before the password, so a locked-out username learns nothing even when right),
 * verify, and clear the failure count on success. Failures count per username and per client;
 * a surge across all of them is logged for staff, never refused (README "Security"). A browser
 * that has signed in as this person before is not refused for failures aimed at the name from
 * other clients (the smart lock-out, docs/team.md). A refusal throws `LoginError`.
 */
export async function signIn(credentials: unknown, context: { request: Request; via: "form" | "api" }): Promise<User> {
  const parsed = loginSchema.safeParse(credentials);
  if (!parsed.success) throw new LoginError(INVALID_CREDENTIALS_MESSAGE, 400, undefined, parsed.error);
  const { username, password } = parsed.data;
  const db = getDb();
  const device = await knownDeviceOf(context.request);
  const knownDevice = await isKnownTo(device.userIds, username);
  const throttle = await admitLoginAttempt(db, {
    username,
    client: clientKey(context.request),
    device: device.id,
    knownDevice,
  });
  if (!throttle.allowed) {
    const { retryAfterSeconds } = throttle;
    throw new LoginError(throttleMessage(retryAfterSeconds), 429, retryAfterSeconds);
  }
  const user = await verifyLogin(db, username, password);
  if (!user) {
    await recordAudit(db, {
      entity: "user",
      entityId: null,
      action: "sign-in.failed",
      detail: `Failed sign-in as ${username.slice(0, 100)} (${context.via})`,
      actor: "anonymous",
      actorId: null,
    });
    warnOfSurge(context.request, throttle.failures);
    throw new LoginError(INVALID_CREDENTIALS_MESSAGE, 401);
  }
  await clearLoginFailures(db, username);
  requestLogger(context.request, `auth.${context.via}`).info(
    { event: "auth.sign_in", user_id: user.id, via: context.via },
    "Staff member signed in",
  );
  return user;
}

/** Whether this browser has signed in as `username` before (its known-device cookie names them). */
async function isKnownTo(known: number[], username: string): Promise<boolean> {
  if (known.length === 0) return false;
  const user = await getUserByUsername(getDb(), username);
  return user !== undefined && known.includes(user.id);
}

/**
 * Each hundredth failure within the window is logged as a warning: someone is spraying guesses.
 * `failures` is the attempt's own number, so exactly one attempt crosses each hundred.
 */
function warnOfSurge(request: Request, failures: number): void {
  if (crossesThreshold(failures, FAILURE_SURGE)) {
    requestLogger(request, "auth").warn(
      { event: "auth.failure_surge", failures },
      "Many failed sign-ins across accounts: someone may be guessing passwords",
    );
  }
}

/**
 * The sign-in form's post as a Conform submission. Here rather than in the route: a route's
 * import of the zod adapter would stay in the browser bundle, and with it all of zod.
 */
export function parseLoginForm(formData: FormData) {
  return parseWithZod(formData, { schema: loginSchema });
}

/** Signing in refused: a malformed form (400, with zod's `invalid` issues), wrong credentials or code (401), too many tries (429). */
export class LoginError extends Refusal {
  constructor(
    message: string,
    status: 400 | 401 | 429,
    retryAfterSeconds?: number,
    readonly invalid?: z.ZodError,
  ) {
    super(message, status, retryAfterSeconds);
  }
}

/**
 * remix-auth drives the staff form: its FormStrategy reads the posted form itself and hands
 * the fields to `signIn`. (The route reads its own size-capped copy first for Conform's
 * field errors, so the small login form is parsed twice; see the README.)
 */
export const authenticator = new Authenticator<User>();

authenticator.use(
  new FormStrategy(({ form, request }) =>
    signIn(
      { username: form.get("username") ?? undefined, password: form.get("password") ?? undefined },
      { request, via: "form" },
    ),
  ),
  "form",
);

/** A new API bearer token for a signed-in user; earlier tokens stay valid until logout or expiry. */
export async function issueApiToken(user: User, request?: Request): Promise<string> {
  const db = getDb();
  const { token } = await createSession(db, user.id, "api", nowDate(), request?.headers.get("User-Agent") ?? null);
  await recordSignIn(db, user.id);
  await recordAudit(db, {
    entity: "user",
    entityId: user.id,
    action: "sign-in",
    detail: "API token",
    actor: user.username,
    actorId: user.id,
  });
  await sendSignInNotice(user, { userAgent: request?.headers.get("User-Agent") ?? null, via: "API token" }, db);
  return token;
}

/**
 * The second step of signing in: a code from the app or a recovery code, throttled like the
 * password (per person and per client). Audited either way. A wrong code or too many tries throws `LoginError`.
 */
export async function checkSignInCode(user: User, code: string, request: Request): Promise<void> {
  const db = getDb();
  const throttleKey = `${user.username}#2fa`;
  const device = await knownDeviceOf(request);
  const throttle = await admitLoginAttempt(db, {
    username: throttleKey,
    client: clientKey(request),
    device: device.id,
    knownDevice: device.userIds.includes(user.id),
  });
  if (!throttle.allowed) {
    throw new LoginError(throttleMessage(throttle.retryAfterSeconds), 429, throttle.retryAfterSeconds);
  }
  const result = await verifySecondFactor(user.id, code);
  if (!result.ok) {
    await recordAudit(db, {
      entity: "user",
      entityId: user.id,
      action: "sign-in.failed-code",
      actor: user.username,
      actorId: user.id,
    });
    throw new LoginError(INVALID_CODE_MESSAGE, 401);
  }
  await clearLoginFailures(db, throttleKey);
  if (result.via === "recovery-code") {
    await recordAudit(db, {
      entity: "user",
      entityId: user.id,
      action: "two-step.recovery-code-used",
      actor: user.username,
      actorId: user.id,
    });
  }
}

export const INVALID_CODE_MESSAGE = "That code is not right, or was used already. Try the next code from your app.";

/**
 * The person an API bearer token belongs to, or null when it is unknown, expired or revoked;
 * the guard that turns null into a 401 is route glue (app/routes/_glue/api-guard.server.ts).
 */
export async function getApiUser(token: string): Promise<User | null> {
  return getSessionUser(getDb(), token, "api");
}

/** Ends the API session a bearer token belongs to (logout): the token stops working at once. */
export async function endApiSession(token: string): Promise<void> {
  await deleteSession(getDb(), token);
}
