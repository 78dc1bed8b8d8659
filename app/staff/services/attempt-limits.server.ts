// Doors a stranger could make us pay for, or guess behind, beside sign-in: each attempt is
// counted in the same table as failed sign-ins (so a restart does not reset it), under its own
// names and its own client counter, 5 per 15 minutes per subject and per client, like the
// sign-in code step (docs/team.md "Smart lock-out").
import { tooManyTriesMessage } from "~/content/forms";
import { now } from "~/infra/clock.server";
import { getDb } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { clientKey } from "~/infra/request-scope.server";
import { admitLoginAttempt, clearLoginFailures, type ThrottleLimits } from "~/staff/models/login-throttle.server";

/** Attempts allowed within the window, per subject (a person, a pledge) and per client. */
export const DOOR_LIMITS: ThrottleLimits = { perName: 5, perClient: 5 };

/**
 * "card-retry": a new Stripe Checkout Session for an unpaid pledge; "two-step-code": a code to
 * manage two-step sign-in; "current-password": the current password that changing one's own
 * password asks for (a borrowed, still signed-in browser must not guess it); "giving-link": a
 * sign-in link to Your giving (per address).
 */
export type Door = "card-retry" | "two-step-code" | "current-password" | "giving-link";

/**
 * A door's limits. "giving-link" is asked for from a public form, which its own per-client
 * throttle (PUBLIC_FORM_LIMIT_PER_MINUTE/HOUR) already limits: a whole office behind one address
 * may each ask for their own link, so per client it allows the public form's hourly count within
 * the window; per address it stays at 5.
 */
function limitsOf(door: Door): ThrottleLimits {
  if (door !== "giving-link") return DOOR_LIMITS;
  return {
    perName: DOOR_LIMITS.perName,
    perClient: Math.max(DOOR_LIMITS.perClient, getEnv().PUBLIC_FORM_LIMIT_PER_HOUR),
  };
}

export type DoorDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number; message: string };

const subjectKey = (door: Door, subject: string) => `${door}:${subject}`;

/** Counts an attempt at `door` for `subject` from the request's client, unless one of the two is over its limit. */
export async function admitDoorAttempt(door: Door, subject: string, request: Request): Promise<DoorDecision> {
  const decision = await admitLoginAttempt(
    getDb(),
    { username: subjectKey(door, subject), client: `${door}:${clientKey(request)}` },
    new Date(now()),
    limitsOf(door),
  );
  if (decision.allowed) return { allowed: true };
  return { ...decision, message: tooManyTriesMessage(decision.retryAfterSeconds) };
}

/** Forgets the subject's attempts (a right code: its owner is not guessing). */
export async function clearDoorAttempts(door: Door, subject: string): Promise<void> {
  await clearLoginFailures(getDb(), subjectKey(door, subject));
}
