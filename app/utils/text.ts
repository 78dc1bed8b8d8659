/**
 * Shortens text to at most `limit` characters, cutting on a word boundary and adding an
 * ellipsis only when something was cut.
 */
export function preview(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= limit) return flat;
  const slice = flat.slice(0, limit);
  const lastSpace = slice.lastIndexOf(" ");
  // A single very long word has no boundary to cut on: cut it mid-word rather than drop it.
  const cut = lastSpace > limit * 0.5 ? slice.slice(0, lastSpace) : slice;
  return `${cut.replace(/[\s.,;:!?-]+$/, "")}…`;
}
