/**
 * Links that act for someone are credentials: invitations, password resets and e-mail changes
 * (they sign someone in or change their account), a giving statement's signed link (anyone holding it opens the donor's gifts for
 * 30 days), a donor's sign-in link to Your giving, and a subscriber's newsletter links (confirming the address, which only its owner
 * may do under double opt-in, and unsubscribing). The mail log shows their messages, headers
 * included (List-Unsubscribe), with the token replaced, so staff who read the log cannot use
 * them. (Staff who may see a donor's statement download it from the pledge's page instead.)
 */
const SECRET_LINK =
  /(\/admin\/(?:invitation|reset-password|confirm-email)\/|\/statement\/|\/giving\/link\/|\/newsletter\/(?:confirm|unsubscribe|one-click)\/)[A-Za-z0-9_-]+/g;

export function withholdSecretLinks(text: string): string {
  return text.replace(SECRET_LINK, "$1[link withheld]");
}
