/**
 * Links that sign someone in or change their account (invitations, password resets, e-mail
 * changes) are credentials, and so is a giving statement's signed link (anyone holding it opens the donor's gifts for 30 days): the
 * mail log shows their messages with the token replaced, so staff who read the log cannot use
 * them. (Staff who may see a donor's statement download it from the pledge's page instead.)
 */
const SECRET_LINK = /(\/admin\/(?:invitation|reset-password|confirm-email)\/|\/statement\/)[A-Za-z0-9_-]+/g;

export function withholdSecretLinks(text: string): string {
  return text.replace(SECRET_LINK, "$1[link withheld]");
}
