import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { admitLoginAttempt, clearLoginFailures, throttleMessage } from "~/models/login-throttle.server";
import { verifyLogin, type User } from "~/models/user.server";
import { loginSchema } from "~/schemas/login";
import { getDb } from "~/infra/db.server";
import { requestLogger } from "~/infra/logger.server";

export const INVALID_CREDENTIALS_MESSAGE = "Invalid username or password";

/** A sign-in refused for a reason the visitor may be told, with the HTTP status to answer. */
export class LoginError extends Error {
  override name = "LoginError";
  constructor(
    message: string,
    readonly status: 400 | 401 | 429,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const authenticator = new Authenticator<User>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = loginSchema.safeParse({
      username: form.get("username") ?? undefined,
      password: form.get("password") ?? undefined,
    });
    if (!parsed.success) throw new LoginError(INVALID_CREDENTIALS_MESSAGE, 400);
    const { username, password } = parsed.data;

    const db = getDb();
    // Checked before the password, so a locked-out username learns nothing even when right.
    const throttle = await admitLoginAttempt(db, username);
    if (!throttle.allowed) {
      throw new LoginError(throttleMessage(throttle.retryAfterSeconds), 429, throttle.retryAfterSeconds);
    }
    const user = await verifyLogin(db, username, password);
    if (!user) {
      // The same words for an unknown user and a wrong password: no username enumeration.
      throw new LoginError(INVALID_CREDENTIALS_MESSAGE, 401);
    }
    await clearLoginFailures(db, username);
    requestLogger(request, "auth.form").info({ event: "auth.sign_in", user_id: user.id }, "Staff member signed in");
    return user;
  }),
  "form",
);
