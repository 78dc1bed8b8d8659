// The staff password's rule in words, apart from the rest of the staff accounts' wording
// (./staff-accounts.ts): the sign-in page's password fields need only this, and the sign-in page
// is held to the public pages' JavaScript budget.
export const MIN_STAFF_PASSWORD_LENGTH = 12;
export const MAX_STAFF_PASSWORD_LENGTH = 1024;

export const staffPasswordHint = `At least ${MIN_STAFF_PASSWORD_LENGTH} characters. A few unrelated words make a good one; common passwords are refused.`;
