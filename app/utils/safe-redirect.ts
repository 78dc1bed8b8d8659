const DEFAULT_REDIRECT = "/";

/**
 * Returns `to` when it is a path on this site, otherwise `fallback`. Rejects protocol-relative
 * (`//host`), backslash (`/\host`, which browsers treat as `//host`), absolute URLs and any
 * control or whitespace character that browsers strip before parsing. A path with characters
 * beyond ASCII (`/。x`, an emoji) comes back percent-encoded, as a `Location` header must be.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback: string = DEFAULT_REDIRECT,
): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!to.startsWith("/") || to.startsWith("//")) return fallback;
  if (to.includes("\\")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s]/.test(to)) return fallback;
  try {
    const url = new URL(to, "http://site.invalid");
    if (url.origin !== "http://site.invalid") return fallback;
    // eslint-disable-next-line no-control-regex
    if (/[^\u0000-\u007f]/.test(to)) return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
  return to;
}
