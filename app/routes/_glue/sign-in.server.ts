// Route glue (app/routes/_glue/: the HTTP side shared by routes; no route lives here, since
// remix-flat-routes takes no `.server` file as a route): the redirects that end the sign-in
// steps, over the session service (app/staff/services/session.server.ts), which returns the
// Set-Cookie values.
import { redirect } from "@remix-run/node";
import { endSession, startSecondStep, startUserSession, type SignInVia } from "~/staff/index.server";
import { secondStepOf } from "~/staff/index.server";

import { adminPaths, DASHBOARD_PATH, LOGIN_PATH } from "~/utils/admin-paths";

interface SignInStep {
  request: Request;
  userId: number;
  /** Where the person goes once signed in (already checked by safeRedirect). */
  redirectTo: string;
  /** How they signed in: "password" unless said (a password, with its second step when there is one). */
  via?: SignInVia;
}

/** Signs the person in (a new session) and sends them on: 303 with the session and known-device cookies. */
export async function createUserSession({ request, userId, redirectTo, via }: SignInStep): Promise<Response> {
  const headers = new Headers();
  for (const setCookie of await startUserSession({ request, userId, via })) headers.append("Set-Cookie", setCookie);
  return redirect(redirectTo, { status: 303, headers });
}

/** The password was right and a code is needed: on to the code page, keeping where they were going. */
export async function beginSecondStep({ request, userId, redirectTo }: SignInStep): Promise<Response> {
  const setCookie = await startSecondStep({ request, userId });
  const target =
    redirectTo === DASHBOARD_PATH
      ? adminPaths.signInCode
      : `${adminPaths.signInCode}?${new URLSearchParams({ redirectTo })}`;
  return redirect(target, { status: 303, headers: { "Set-Cookie": setCookie } });
}

/**
 * The password is settled (typed right, or just set with a reset link): a session, or, for a
 * person with two-step sign-in on (or a passkey, when the team requires two-step), the code page
 * first. Nothing skips the second factor.
 */
export async function completePasswordStep(step: SignInStep): Promise<Response> {
  return (await secondStepOf(step.userId)) ? beginSecondStep(step) : createUserSession(step);
}

/** Ends the session in the request and goes to the sign-in page with the cookie cleared. */
export async function logout(request: Request): Promise<Response> {
  return redirect(LOGIN_PATH, { status: 303, headers: { "Set-Cookie": await endSession(request) } });
}
