// Uploaded photos: only real JPEG/PNG/WebP images, re-encoded, stored in the upload store (the
// uploads folder on SQLite, the database on PostgreSQL), served immutable, removed with their article.
import { deflateSync, crc32 } from "node:zlib";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import { imageWork, storeImage } from "~/infra/images.server";
import { uploadStore } from "~/infra/upload-store.server";
import { getNews, listNews } from "~/publishing/models/news.server";
import * as deleteRoute from "~/routes/admin+/dashboard+/news.$id.delete";
import * as editRoute from "~/routes/admin+/dashboard+/news.$id.edit";
import * as newRoute from "~/routes/admin+/dashboard+/news.new";
import { loader as uploadLoader } from "~/routes/_public+/uploads.$key.$file";
import { loader as detailLoader } from "~/routes/_public+/news.$id";
import { adminCookie, BASE, bodyOf, getRequest, postForm, run } from "./admin-support";
import { resetDatabase } from "./helpers";

let cookie: string;
beforeEach(async () => {
  await resetDatabase();
  for (const key of await uploadStore().keys()) await uploadStore().remove(key);
  ({ cookie } = await adminCookie());
});

function multipart(pathname: string, fields: Record<string, string | File>): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return new Request(new URL(pathname, BASE).toString(), {
    method: "POST",
    body: form,
    headers: { Cookie: cookie, "Sec-Fetch-Site": "same-origin", Origin: BASE },
  });
}

const stored = () => uploadStore().keys();

async function photo(width = 2000, height = 1200, format: "jpeg" | "png" = "jpeg"): Promise<File> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } });
  // A GPS position in the EXIF, as a phone would write it.
  const withExif = image.withExif({
    IFD0: { Copyright: "Secret Camera Owner" },
    IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" },
  });
  const bytes = await (format === "jpeg" ? withExif.jpeg() : withExif.png()).toBuffer();
  return new File([new Uint8Array(bytes)], `photo.${format === "jpeg" ? "jpg" : "png"}`, { type: `image/${format}` });
}

/** A PNG that declares 30,000 × 30,000 pixels in a few dozen bytes: a decompression bomb's header. */
function pngBomb(): File {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30_000, 0);
  header.writeUInt32BE(30_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
  return new File([new Uint8Array(png)], "huge.png", { type: "image/png" });
}

const article = { title: "With a photo", content: "Our new clinic opened today. Everyone came." };

describe("uploading a photo with an article", () => {
  it("re-encodes it into widths in WebP and JPEG without its metadata, and serves them immutable", async () => {
    const response = await run(
      newRoute.action,
      multipart("/admin/dashboard/news/new", {
        ...article,
        image: await photo(),
        image_alt: "The new clinic's front door",
      }),
    );
    expect(response.status).toBe(303);
    const [saved] = await listNews(getDb());
    expect(saved.imageAlt).toBe("The new clinic's front door");
    expect(saved.imageWidths).toBe("480,960,1600");
    expect(await stored()).toEqual([saved.imageUpload]);
    expect(await uploadStore().files(saved.imageUpload!)).toEqual([
      "1600.jpg",
      "1600.webp",
      "480.jpg",
      "480.webp",
      "960.jpg",
      "960.webp",
    ]);
    for (const [file, type] of [
      ["960.webp", "image/webp"],
      ["1600.jpg", "image/jpeg"],
    ]) {
      const served = await uploadLoader({
        request: getRequest(`/uploads/${saved.imageUpload}/${file}`),
        params: { key: saved.imageUpload!, file },
        context: {},
      });
      expect(served.status).toBe(200);
      expect(served.headers.get("Content-Type")).toBe(type);
      expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      const bytes = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(bytes.includes(Buffer.from("Secret Camera Owner"))).toBe(false);
    }
    for (const [key, file] of [
      [saved.imageUpload!, "961.jpg"],
      [saved.imageUpload!, "960.png"],
      ["../etc", "960.jpg"],
      [saved.imageUpload!, "../x"],
    ]) {
      const missing = await uploadLoader({ request: getRequest("/uploads/x/y"), params: { key, file }, context: {} });
      expect(missing.status).toBe(404);
    }

    // The article page offers every width, WebP first, with sizes; share tags use the largest.
    const data = await bodyOf(await run(detailLoader, getRequest(`/news/${saved.id}`), { id: String(saved.id) }));
    expect(data.article.image.webpSrcSet).toContain(`/uploads/${saved.imageUpload}/480.webp 480w`);
    expect(data.shareImage).toBe(`http://localhost:3000/uploads/${saved.imageUpload}/1600.jpg`);

    // Deleting the article deletes its files.
    expect(
      (
        await run(
          deleteRoute.action,
          postForm(`/admin/dashboard/news/${saved.id}/delete`, { confirmed: "yes" }, { cookie }),
          { id: String(saved.id) },
        )
      ).status,
    ).toBe(303);
    expect(await stored()).toEqual([]);
  });

  it("never makes a small photo larger", async () => {
    await run(
      newRoute.action,
      multipart("/admin/dashboard/news/new", {
        ...article,
        image: await photo(700, 400, "png"),
        image_alt: "A small photo",
      }),
    );
    const [saved] = await listNews(getDb());
    expect(saved.imageWidths).toBe("480,700");
  });

  async function refused(image: File, expected: RegExp, fields: Record<string, string> = { image_alt: "Alt text" }) {
    const response = await run(
      newRoute.action,
      multipart("/admin/dashboard/news/new", { ...article, ...fields, image }),
    );
    expect(response.status).toBe(400);
    const { result } = await bodyOf(response);
    const errors = [...(result.error.image ?? []), ...(result.error.image_alt ?? [])];
    expect(errors.join(" ")).toMatch(expected);
    expect(result.initialValue).toMatchObject({ title: article.title });
    expect(await listNews(getDb())).toEqual([]);
    expect(await stored()).toEqual([]);
  }

  it("refuses a text file renamed to .jpg", async () => {
    await refused(
      new File(["just some text, not a photo"], "photo.jpg", { type: "image/jpeg" }),
      /not a JPEG, PNG or WebP image/,
    );
  });

  it("refuses a file of another type", async () => {
    await refused(new File(["GIF89a"], "anim.gif", { type: "image/gif" }), /JPEG, PNG or WebP/);
  });

  it("refuses a 30,000 × 30,000 PNG (an image bomb) before decoding it", async () => {
    await refused(pngBomb(), /too large in pixels/);
  });

  it("refuses a photo just over 25 megapixels, and takes one just under", async () => {
    await refused(await photo(5001, 5000, "png"), /at most 25 megapixels/);
    const ok = await storeImage(new Uint8Array(await (await photo(5000, 5000, "png")).arrayBuffer()));
    expect(ok.widths).toEqual([480, 960, 1600]);
  });

  it("decodes uploads one at a time, however many arrive together", async () => {
    const files = await Promise.all([1, 2, 3, 4].map(() => photo(2400, 1600)));
    imageWork.peak = 0;
    const stored = await Promise.all(files.map(async (f) => storeImage(new Uint8Array(await f.arrayBuffer()))));
    expect(stored).toHaveLength(4);
    expect(imageWork.peak).toBe(1);
    expect(imageWork.active).toBe(0);
  });

  it("refuses a 12 MB file with a field error, the rest of the form kept", async () => {
    const big = new Uint8Array(12 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff]);
    await refused(new File([big], "big.jpg", { type: "image/jpeg" }), /at most 10 MB/);
  });

  it("needs alt text for an uploaded photo, and says why", async () => {
    await refused(await photo(600, 400), /screen readers/, {});
  });

  it("refuses a body far past the limit with 413", async () => {
    const huge = new Uint8Array(25 * 1024 * 1024);
    const response = await run(
      newRoute.action,
      multipart("/admin/dashboard/news/new", {
        ...article,
        image_alt: "x",
        image: new File([huge], "x.jpg", { type: "image/jpeg" }),
      }),
    );
    expect(response.status).toBe(413);
    expect(await stored()).toEqual([]);
  });

  it("replaces and removes a photo on edit, deleting the old files", async () => {
    await run(
      newRoute.action,
      multipart("/admin/dashboard/news/new", { ...article, image: await photo(600, 400), image_alt: "First" }),
    );
    const [first] = await listNews(getDb());
    const edit = (fields: Record<string, string | File>) =>
      run(editRoute.action, multipart(`/admin/dashboard/news/${first.id}/edit`, { ...article, ...fields }), {
        id: String(first.id),
      });
    // Keeping the photo still needs its description.
    expect((await edit({})).status).toBe(400);
    expect((await edit({ image: await photo(800, 400), image_alt: "Second" })).status).toBe(303);
    const second = await getNews(getDb(), first.id);
    expect(second!.imageUpload).not.toBe(first.imageUpload);
    expect(await stored()).toEqual([second!.imageUpload]);
    expect((await edit({ remove_image: "on" })).status).toBe(303);
    expect((await getNews(getDb(), first.id))!.imageUpload).toBeNull();
    expect(await stored()).toEqual([]);
  });

  it("allows alt text for an image URL too", async () => {
    const response = await run(
      newRoute.action,
      postForm(
        "/admin/dashboard/news/new",
        { ...article, image_url: "https://example.org/a.png", image_alt: "A photo" },
        { cookie },
      ),
    );
    expect(response.status).toBe(303);
    expect((await listNews(getDb()))[0]).toMatchObject({ imageAlt: "A photo", imageUpload: null });
  });
});
