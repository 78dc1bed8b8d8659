// Zero-width and other invisible format characters. The original site's project links had
// one hidden in their paths; such URLs still circulate, so they redirect to the clean path.
const INVISIBLE =
  /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]/gu;

/** The path without invisible characters, or null when it had none (or cannot be decoded). */
export function cleanPath(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (!INVISIBLE.test(decoded)) return null;
  INVISIBLE.lastIndex = 0;
  const clean = decoded.replace(INVISIBLE, "").replace(/\/{2,}/g, "/");
  return encodeURI(clean);
}
