// Addresses of uploaded photos (client-safe). Each upload is stored once per width in WebP
// and JPEG under UPLOADS_DIR/<key>/ and served by app/routes/uploads.$key.$file.ts.

/** The widths an upload is re-encoded to (never wider than the original). */
export const UPLOAD_WIDTHS = [480, 960, 1600] as const;

export const UPLOAD_KEY = /^[a-f0-9]{32}$/;

export type UploadFormat = "webp" | "jpg";

export function uploadPath(key: string, width: number, format: UploadFormat): string {
  return `/uploads/${key}/${width}.${format}`;
}

export interface ResponsiveImage {
  /** The JPEG fallback. */
  src: string;
  srcSet: string;
  webpSrcSet: string;
  alt: string;
}

/** The sources of an uploaded photo, or null when the article has none (or a damaged record). */
export function responsiveImage(
  key: string | null | undefined,
  widthList: string | null | undefined,
  alt: string | null | undefined,
): ResponsiveImage | null {
  if (!key || !UPLOAD_KEY.test(key) || !widthList) return null;
  const widths = widthList
    .split(",")
    .map(Number)
    .filter((w) => Number.isSafeInteger(w) && w > 0);
  if (widths.length === 0) return null;
  const set = (format: UploadFormat) => widths.map((w) => `${uploadPath(key, w, format)} ${w}w`).join(", ");
  // The middle width is a fair default for browsers that ignore srcset.
  const fallback = widths[Math.min(1, widths.length - 1)];
  return { src: uploadPath(key, fallback, "jpg"), srcSet: set("jpg"), webpSrcSet: set("webp"), alt: alt ?? "" };
}

/** The largest stored JPEG: what share previews point at. */
export function largestUploadPath(key: string | null | undefined, widthList: string | null | undefined): string | null {
  const image = responsiveImage(key, widthList, "");
  if (!image) return null;
  const widths = widthList!.split(",").map(Number);
  return uploadPath(key!, Math.max(...widths), "jpg");
}
