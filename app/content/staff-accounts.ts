// Wording of the staff accounts: invitations, password resets, second factor and the notices
// sent by e-mail about them (docs/team.md).
import { site } from "./site";
import { staffPasswordHint } from "./staff-passwords";

export { MAX_STAFF_PASSWORD_LENGTH, MIN_STAFF_PASSWORD_LENGTH } from "./staff-passwords";
export const INVITATION_HOURS = 72;
export const RESET_HOURS = 1;
export const EMAIL_CHANGE_HOURS = 24;

export const staffMailWording = {
  inviteSubject: `You are invited to the staff area of ${site.name}`,
  inviteIntro: (name: string, role: string, invitedBy: string) =>
    `Dear ${name}, ${invitedBy} has invited you to the staff area of ${site.name} as ${role}. Open the link below to choose your username and password.`,
  inviteLinkLabel: `Accept the invitation (the link works once, for ${INVITATION_HOURS} hours):`,
  inviteIgnore: "If you did not expect this, ignore this e-mail: nothing happens without the link.",
  resetSubject: `Set a new password: ${site.name} staff area`,
  resetIntro:
    "Someone, hopefully you, asked to set a new password for your account in the staff area. Open the link below to choose one.",
  resetLinkLabel: `Set a new password (the link works once, for ${RESET_HOURS} hour):`,
  resetIgnore: "If you did not ask for this, ignore this e-mail: your password stays as it is.",
  roleSubject: `Your role in the staff area of ${site.name} has changed`,
  roleText: (name: string, role: string, by: string) =>
    `Dear ${name}, ${by} has changed your role in the staff area to ${role}. If you did not expect this, talk to an admin.`,
  twoStepResetSubject: `Your two-step sign-in was reset: ${site.name} staff area`,
  twoStepResetText: (name: string, by: string) =>
    `Dear ${name}, ${by} has reset your two-step sign-in. The next time you sign in you can set it up again. If you did not ask for this, talk to an admin at once.`,
  signInSubject: `New sign-in to your account: ${site.name} staff area`,
  signInText: (name: string, device: string, at: string) =>
    `Dear ${name}, your staff account was signed in on ${at} (${device}). If this was you, there is nothing to do. If it was not, set a new password with "Forgot your password?" on the sign-in page and tell an admin at once.`,
  emailChangeSubject: `Confirm your new e-mail address: ${site.name} staff area`,
  emailChangeIntro: (name: string) =>
    `Dear ${name}, you asked for this address to become the e-mail address of your staff account: password resets and sign-in notices will come here.`,
  emailChangeLinkLabel: `Confirm the new address (the link works once, for ${EMAIL_CHANGE_HOURS} hours):`,
  emailChangeIgnore: "If you did not ask for this, ignore this e-mail: the account keeps its address.",
  emailChangedSubject: `Your e-mail address was changed: ${site.name} staff area`,
  emailChangedText: (name: string, to: string) =>
    `Dear ${name}, the e-mail address of your staff account is now ${to}. If this was not you, contact an admin at once.`,
  passwordChangedSubject: `Your password was changed: ${site.name} staff area`,
  passwordChangedText: (name: string) =>
    `Dear ${name}, the password of your staff account was just changed and every other session was ended. If this was not you, contact an admin at once.`,
} as const;

export const staffAccountPages = {
  forgotTitle: "Forgot your password?",
  forgotIntro:
    "Enter the e-mail address of your staff account. If it belongs to an active account, we send a link to set a new password; it works once, for one hour.",
  forgotSent:
    "If that address belongs to an active staff account, a link to set a new password is on its way. It works once, for one hour. Check your inbox (and the spam folder).",
  badLinkTitle: "This link does not work",
  badInvitationText:
    "The invitation link is wrong, has expired (invitations last 72 hours), has been withdrawn or has already been used. Ask an admin to send a new one.",
  resetIntro:
    "Every other session and API token of your account ends when you save it. If your account has two-step sign-in on, you then enter a code from your authenticator app (or a recovery code) before you are signed in.",
  badResetText:
    "The link is wrong, has expired (reset links last one hour) or has already been used. Ask for a new one on the sign-in page.",
  passwordHint: staffPasswordHint,
  blankPassword:
    "A password of only spaces (or other blank characters) is the first thing an attacker tries. Use words or other characters too.",
  emailPrompt:
    "Your account has no e-mail address yet, so a forgotten password cannot be reset and sign-in notices cannot reach you.",
  emailPromptLink: "Add your e-mail address",
  emailChangeSent: (to: string) =>
    `We have sent a link to ${to}. Your address changes when you open it (it works once, for ${EMAIL_CHANGE_HOURS} hours).`,
  emailChangeTitle: "Confirm your new e-mail address",
  emailChangeDone: (to: string) => `Your e-mail address is now ${to}.`,
  badEmailChangeText: `The link is wrong, has expired (it lasts ${EMAIL_CHANGE_HOURS} hours) or has already been used. Ask for a new one under Your account.`,
  wrongCurrentPassword: "The current password is not right",
  commonPassword: "This password is too common: it is on lists that attackers try first. Choose another.",
} as const;
