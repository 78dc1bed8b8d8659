/**
 * The URL, normalised, when it is an absolute http(s) URL; otherwise null. Article image URLs
 * are validated when saved, but anything stored by an older version or written straight to
 * the database must still never reach the page as `javascript:` or `data:`.
 */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
}
