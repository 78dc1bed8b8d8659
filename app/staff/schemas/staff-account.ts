import { z } from "~/schemas/zod";
import { emailField, requiredText, textCharacters } from "~/schemas/email";
import { requiredMessage, tooLongMessage } from "~/schemas/field-rules";
import { commonPasswords } from "~/content/common-passwords";
import { MAX_STAFF_PASSWORD_LENGTH, MIN_STAFF_PASSWORD_LENGTH, staffAccountPages } from "~/content/staff-accounts";
import { ROLES } from "~/utils/admin-paths";

/** Whether a password is on the list of common ones (case ignored). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/**
 * A new password: long enough, not only spaces, not common, no composition rules (NIST SP
 * 800-63B). Not trimmed: spaces inside or around it are part of it.
 */
export function newPasswordField(label = "New password") {
  return z
    .string({ error: requiredMessage(label) })
    .min(1, requiredMessage(label))
    .min(MIN_STAFF_PASSWORD_LENGTH, `${label} must be at least ${MIN_STAFF_PASSWORD_LENGTH} characters`)
    .max(MAX_STAFF_PASSWORD_LENGTH, tooLongMessage(label, MAX_STAFF_PASSWORD_LENGTH))
    .refine((value) => value.trim().length > 0, staffAccountPages.blankPassword)
    .refine((value) => !isCommonPassword(value), staffAccountPages.commonPassword);
}

/** Usernames: letters, digits, dots, hyphens and underscores, 3 to 50 (unique ignoring case). */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,50}$/;

export const usernameField = z
  .string({ error: requiredMessage("Username") })
  .trim()
  .min(1, requiredMessage("Username"))
  .max(50, tooLongMessage("Username", 50))
  .regex(USERNAME_PATTERN, "Use 3 to 50 letters, digits, dots, hyphens or underscores");

export const roleField = z.enum(ROLES, { error: "Choose a role" });

export const inviteSchema = z.object({
  name: requiredText("Name", 100, "name"),
  email: emailField(),
  role: roleField,
});

export const acceptInvitationSchema = z.object({
  username: usernameField,
  password: newPasswordField("Password"),
});

export const forgotPasswordSchema = z.object({ email: emailField() });

export const resetPasswordSchema = z.object({ password: newPasswordField() });

export const changeRoleSchema = z.object({ role: roleField });

/** A six-digit code from the app, or a recovery code (letters and digits, a hyphen allowed). */
export const codeSchema = z.object({
  code: z
    .string({ error: requiredMessage("Code") })
    .trim()
    .min(1, requiredMessage("Code"))
    .max(40, tooLongMessage("Code", 40))
    .superRefine(textCharacters("line", "Code")),
});

/** Your account: the name the staff area shows. */
export const ownNameSchema = z.object({ name: requiredText("Name", 100, "name") });

/** Your account: a new e-mail address, confirmed by a link sent to it. */
export const ownEmailSchema = z.object({ email: emailField() });

/** Your account: a new password, the current one first (not trimmed, like every password). */
export const ownPasswordSchema = z.object({
  current: z.string({ error: requiredMessage("Current password") }).min(1, requiredMessage("Current password")),
  password: newPasswordField(),
});
