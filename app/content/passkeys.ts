import { site } from "./site";

// The words of staff passkeys: their own module, so the sign-in page (whose password field reads
// staff-accounts.ts) does not carry them.

/** The longest name a passkey may be given (Your account). */
export const MAX_PASSKEY_NAME = 60;

/** The e-mails a person gets when their passkeys change. */
export const passkeyMailWording = {
  passkeysChangedSubject: `Your passkeys were changed: ${site.name} staff area`,
  passkeyAddedText: (name: string, passkey: string) =>
    `Dear ${name}, a passkey named "${passkey}" was added to your staff account: it can now sign in to it without a password. If this was not you, remove it on Your account and tell an admin at once.`,
  passkeyRenamedText: (name: string, from: string, to: string) =>
    `Dear ${name}, a passkey of your staff account was renamed from "${from}" to "${to}". If this was not you, tell an admin at once.`,
  passkeyRemovedText: (name: string, passkey: string) =>
    `Dear ${name}, the passkey named "${passkey}" was removed from your staff account and no longer signs in to it. If this was not you, tell an admin at once.`,
} as const;
