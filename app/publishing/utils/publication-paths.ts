// Client-safe: a publication's download address and how its size is written on the card.

/**
 * The document's stable address: the publication's slug, set when it is created and kept when
 * staff replace the document, so a link shared or printed in a report keeps working.
 */
export function publicationDownloadPath(slug: string): string {
  return `/publications/${slug}.pdf`;
}

/** A file's size as people read it: "820 bytes", "120 KB", "2.4 MB" (1 KB = 1,024 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${Math.round(kb)} KB`;
  const mb = kb / 1024;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}
