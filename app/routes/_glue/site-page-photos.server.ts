// Route glue (app/routes/_glue/, never a route): a page's pictures (the home page's hero slides,
// Our Team's photos; docs/site-editor.md) go through the existing image pipeline (re-encoded,
// metadata stripped, stored in UPLOADS_DIR) before the form is checked; each stored picture's
// address fills its address field (`<field>File` beside `<field>`, a PictureField of the page's
// schema). A file that is not a picture we take is that field's error.
import { ImageRejected, storeImage } from "~/infra/images.server";
import type { SitePageDef } from "~/publishing/schemas/site-pages";
import { uploadPath } from "~/utils/images";

const PICTURE_FILE = /^lists\.(\w+)\[(\d+)\]\.(\w+)File$/;

export async function storePagePhotos(form: FormData, def: SitePageDef): Promise<Record<string, string[]>> {
  const problems: Record<string, string[]> = {};
  for (const [name, value] of [...form.entries()]) {
    const match = PICTURE_FILE.exec(name);
    if (!match) continue;
    form.delete(name);
    const picture = def.lists.find((list) => list.name === match[1])?.fields.find((f) => f.name === match[3])?.picture;
    if (!picture || typeof value === "string" || value.size === 0) continue;
    const field = `lists.${match[1]}[${match[2]}].${match[3]}`;
    try {
      const stored = await storeImage(new Uint8Array(await value.arrayBuffer()));
      const width = picture.width === "large" ? stored.widths[stored.widths.length - 1] : stored.widths[0];
      form.set(field, uploadPath(stored.key, width, "jpg"));
    } catch (error) {
      if (!(error instanceof ImageRejected)) throw error;
      problems[field] = [error.message];
    }
  }
  return problems;
}
