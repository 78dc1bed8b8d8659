/**
 * Links that sign someone in (invitations, password resets) are credentials: the mail log
 * shows their messages with the token replaced, so staff who read the log cannot use them.
 */
const SECRET_LINK = /(\/admin\/(?:invitation|reset-password)\/)[A-Za-z0-9_-]+/g;

export function withholdSecretLinks(text: string): string {
  return text.replace(SECRET_LINK, "$1[link withheld]");
}
