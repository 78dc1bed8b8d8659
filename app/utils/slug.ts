/**
 * The web-address part made from a title: "Spring appeal: 2026!" → "spring-appeal-2026" (accents
 * dropped, at most 80 characters), or `fallback` when nothing of the title is left.
 */
export function slugify(text: string, fallback: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || fallback;
}
