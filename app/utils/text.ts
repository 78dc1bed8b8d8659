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

/**
 * A share preview's description: the article's first sentences, as many as fit in `limit`
 * characters, or its preview when the first sentence alone is longer.
 */
export function shareDescription(text: string, limit = 200): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const sentences = flat.match(/[^.!?]+[.!?]+(?=\s|$)/g) ?? [];
  let description = "";
  for (const sentence of sentences) {
    const next = description ? `${description} ${sentence.trim()}` : sentence.trim();
    if (next.length > limit) break;
    description = next;
  }
  return description || preview(flat, limit);
}
