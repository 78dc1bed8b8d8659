import { randomBytes } from "node:crypto";
import type { Metadata } from "sharp";
import { UPLOAD_KEY, UPLOAD_WIDTHS, type UploadFormat } from "~/utils/images";
import { uploadStore, type UploadStore } from "./upload-store.server";

/**
 * Uploaded photos. Every upload is decoded and re-encoded (never served as it came), so what
 * we serve is a plain image whatever the file held; metadata such as the camera's GPS
 * position is not copied (sharp writes none unless asked). Each upload is stored under a random
 * key as <width>.webp and <width>.jpg, in the upload store (./upload-store.server.ts: a folder
 * on SQLite, the database on PostgreSQL).
 */

/**
 * Decoding more pixels than this is refused before it starts: a small file can declare a huge
 * image. 25 megapixels is more than any phone photo (a 48 MP phone saves 12 MP by default); at
 * 4 bytes a pixel one decode needs about 100 MB, and uploads are decoded one at a time.
 */
export const MAX_INPUT_PIXELS = 25_000_000;

/** A photo we will not store; the message is for the person who chose the file. */
export class ImageRejected extends Error {
  override name = "ImageRejected";
}

const ACCEPTED = new Set(["jpeg", "png", "webp"]);

export interface StoredImage {
  key: string;
  widths: number[];
}

/** How many photos are being decoded now, and the most at once since start (for tests and logs). */
export const imageWork = { active: 0, peak: 0 };
let queue: Promise<unknown> = Promise.resolve();

/**
 * Decodes, checks and stores a photo in every width; nothing is left behind when it is refused.
 * Uploads wait in a queue and are decoded one at a time: six 25 MP photos at once would otherwise
 * take the server from about 150 MB to several hundred.
 */
export function storeImage(bytes: Uint8Array, store: UploadStore = uploadStore()): Promise<StoredImage> {
  const run = queue.then(async () => {
    imageWork.active++;
    imageWork.peak = Math.max(imageWork.peak, imageWork.active);
    try {
      return await decodeAndStore(bytes, store);
    } finally {
      imageWork.active--;
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

async function decodeAndStore(bytes: Uint8Array, store: UploadStore): Promise<StoredImage> {
  // Loaded on the first upload, not with the rest of the server: sharp's native library takes
  // longer to load than most modules, which every server start and test file would otherwise pay.
  const { default: sharp } = await import("sharp");
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" as const };
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, options).metadata();
  } catch (error) {
    // sharp reads the declared size from the header and refuses past the limit, unread.
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw new ImageRejected("The file is not a JPEG, PNG or WebP image");
  }
  if (!metadata.format || !ACCEPTED.has(metadata.format)) {
    throw new ImageRejected("The file is not a JPEG, PNG or WebP image");
  }
  const { width = 0, height = 0 } = metadata;
  if (width < 1 || height < 1 || width * height > MAX_INPUT_PIXELS) throw tooManyPixels();
  // EXIF orientations 5-8 turn the picture a quarter: its upright width is the stored height.
  const uprightWidth = (metadata.orientation ?? 1) >= 5 ? height : width;
  const widths: number[] = UPLOAD_WIDTHS.filter((w) => w < uprightWidth);
  if (widths.length < UPLOAD_WIDTHS.length)
    widths.push(Math.min(uprightWidth, UPLOAD_WIDTHS[UPLOAD_WIDTHS.length - 1]));

  const key = randomBytes(16).toString("hex");
  const files: { name: string; body: Buffer; contentType: string }[] = [];
  try {
    const upright = sharp(bytes, options).rotate();
    for (const w of widths) {
      const resized = upright.clone().resize({ width: w, withoutEnlargement: true });
      const webp = await resized.clone().webp({ quality: 80 }).toBuffer();
      files.push({ name: fileName(w, "webp"), body: webp, contentType: "image/webp" });
      const jpeg = await resized
        .clone()
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
      files.push({ name: fileName(w, "jpg"), body: jpeg, contentType: "image/jpeg" });
    }
  } catch (error) {
    if (error instanceof Error && /pixel limit|unsupported|corrupt|premature|bad|invalid/i.test(error.message)) {
      throw new ImageRejected("The photo could not be read: the file is damaged or not a JPEG, PNG or WebP image");
    }
    throw error;
  }
  // Appears whole or not at all.
  await store.save(key, files);
  return { key, widths };
}

function tooManyPixels(): ImageRejected {
  return new ImageRejected(
    `The photo is too large in pixels: at most ${(MAX_INPUT_PIXELS / 1e6).toFixed(0)} megapixels (e.g. 6000 × 4000)`,
  );
}

function fileName(width: number, format: UploadFormat): string {
  return `${width}.${format}`;
}

/** Removes an upload's files; a missing folder is not an error. */
export async function deleteImage(key: string, store: UploadStore = uploadStore()): Promise<void> {
  if (!UPLOAD_KEY.test(key)) return;
  await store.remove(key);
}

const FILE = /^([1-9][0-9]{0,4})\.(webp|jpg)$/;

/** The content type of a stored file's name (`960.webp`, `480.jpg`), or null for any other name. */
export function uploadContentType(file: string): string | null {
  const match = FILE.exec(file);
  return match ? (match[2] === "webp" ? "image/webp" : "image/jpeg") : null;
}

/** The bytes and type of one stored file, or null when there is no such file. */
export async function readImage(
  key: string,
  file: string,
  store: UploadStore = uploadStore(),
): Promise<{ body: Buffer; contentType: string } | null> {
  const contentType = uploadContentType(file);
  if (!UPLOAD_KEY.test(key) || !contentType) return null;
  const body = await store.read(key, file);
  return body && { body, contentType };
}
