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

/**
 * The first address free for a new thing made from its title: `base`, then `base-2`, `base-3`…
 * (events, appeals). `taken` asks the thing's own table.
 */
export async function firstFreeSlug(base: string, taken: (slug: string) => Promise<boolean>): Promise<string> {
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base.slice(0, 76)}-${n}`;
    if (!(await taken(candidate))) return candidate;
  }
}
