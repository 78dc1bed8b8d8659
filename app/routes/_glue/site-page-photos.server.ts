// Route glue (app/routes/_glue/, never a route): a page's people's photos (Our Team,
// docs/site-editor.md) go through the existing image pipeline (re-encoded, metadata stripped,
// stored in UPLOADS_DIR) before the form is checked; each stored photo's address fills that
// person's photo field. A file that is not a photo we take is that person's field error.
import { ImageRejected, storeImage } from "~/infra/images.server";
import { uploadPath } from "~/utils/images";

const PHOTO_FILE = /^lists\.(\w+)\[(\d+)\]\.photoFile$/;

export async function storePagePhotos(form: FormData): Promise<Record<string, string[]>> {
  const problems: Record<string, string[]> = {};
  for (const [name, value] of [...form.entries()]) {
    const match = PHOTO_FILE.exec(name);
    if (!match) continue;
    form.delete(name);
    if (typeof value === "string" || value.size === 0) continue;
    const field = `lists.${match[1]}[${match[2]}].photo`;
    try {
      const stored = await storeImage(new Uint8Array(await value.arrayBuffer()));
      form.set(field, uploadPath(stored.key, stored.widths[0], "jpg"));
    } catch (error) {
      if (!(error instanceof ImageRejected)) throw error;
      problems[field] = [error.message];
    }
  }
  return problems;
}
