// Who "the same donor" is, until every pledge points to a supporter record: the e-mail address,
// with surrounding spaces and letter case ignored ("  Ann@Example.org " is ann@example.org).
// Giving statements group a donor's gifts by it. The one place to switch to a supporter id.

/** A donor's key: their e-mail address trimmed and in lower case. */
export function donorKeyOf(email: string): string {
  return email.trim().toLowerCase();
}
