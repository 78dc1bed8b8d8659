// A supporter's page from its owner's side: started from Share My Day with a photo through the
// image pipeline (re-encoded, refused field by field as staff uploads are), then changed through
// the e-mailed management link: title, story, target and photo; a live page's new words wait for
// staff while the approved version stays public (200 with the old words until staff approve the
// edit, or keep them if staff reject it), a new target alone shows at once; audited as the owner's.
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import { uploadStore } from "~/infra/upload-store.server";
import { listAudit } from "~/site/models/audit.server";
import * as shareMyDay from "~/routes/_public+/get-involved.share-my-day";
import * as memoriam from "~/routes/_public+/get-involved.memoriam";
import * as manage from "~/routes/_public+/fundraise.manage.$token";
import * as publicPage from "~/routes/_public+/fundraise.$slug";
import { loader as uploadLoader } from "~/routes/_public+/uploads.$key.$file";
import { decideOnPage, PAGE_OWNER_ACTOR } from "~/causes/services/fundraising.server";
import { ensureAdmin, getRequest, run } from "./admin-support";
import { resetDatabase } from "./helpers";

const { setClock, nowDate } = await import("~/infra/clock.server");

const BASE = "http://localhost";

beforeEach(async () => {
  await resetDatabase();
  for (const key of await uploadStore().keys()) await uploadStore().remove(key);
});
afterEach(() => setClock(null));

function multipart(pathname: string, fields: Record<string, string | File>, headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return new Request(new URL(pathname, BASE).toString(), {
    method: "POST",
    body: form,
    headers: { "Sec-Fetch-Site": "same-origin", Origin: BASE, ...headers },
  });
}

async function photo(width = 1400, height = 900): Promise<File> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(bytes)], "finish-line.jpg", { type: "image/jpeg" });
}

const startFields = {
  kind: "share-my-day",
  name: "Anna Runner",
  email: "anna@example.com",
  title: "Anna's 10k",
  target: "300",
  story: "Running for the clinics.",
  occasion: "My birthday",
};

async function errorsOf(response: Response): Promise<Record<string, string[] | null>> {
  return ((await response.json()) as { result: { error: Record<string, string[] | null> } }).result.error;
}

async function startPage(extra: Record<string, string | File> = {}) {
  const response = await run(shareMyDay.action, multipart("/get-involved/share-my-day", { ...startFields, ...extra }));
  // GOV.UK's confirmation pattern: a page of its own, its panel named by the fragment (focus goes there).
  expect(response.status).toBe(303);
  expect(response.headers.get("Location")).toBe("/get-involved/share-my-day/started#page-started");
  const page = await getDb()
    .selectFrom("fundraising_pages")
    .selectAll()
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const mail = await getDb()
    .selectFrom("outbox")
    .select("text_body")
    .where("to_address", "=", startFields.email)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const token = /\/fundraise\/manage\/([A-Za-z0-9_.-]+)/.exec(mail.text_body)![1];
  return { page, token };
}

const editPage = (token: string, fields: Record<string, string | File>) =>
  run(manage.action, multipart(`/fundraise/manage/${token}`, fields), { token });

const publicData = async (slug: string) => {
  const response = await run(publicPage.loader, getRequest(`/fundraise/${slug}`), { slug });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    page: { title: string; storyHtml: string; targetPence: number | null; image: { src: string } | null };
  };
};

describe("a photo on Start your page", () => {
  it("stores a real photo re-encoded in every width, without its metadata, and shows it once the page is public", async () => {
    const { page } = await startPage({ image: await photo(), image_alt: "Anna at the finish line" });
    expect(page.image_upload).toMatch(/^[a-f0-9]{32}$/);
    expect(page.image_widths).toBe("480,960,1400");
    expect(page.image_alt).toBe("Anna at the finish line");
    const served = await run(uploadLoader, getRequest(`/uploads/${page.image_upload}/960.jpg`), {
      key: page.image_upload!,
      file: "960.jpg",
    });
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta.width).toBe(960);
    expect(meta.exif).toBeUndefined();

    await decideOnPage(page.id, "approve", null, await ensureAdmin());
    const shown = await run(publicPage.loader, getRequest(`/fundraise/${page.slug}`), { slug: page.slug });
    const data = (await shown.json()) as { page: { image: { alt: string; src: string } } };
    expect(data.page.image).toMatchObject({ alt: "Anna at the finish line" });
    expect(data.page.image.src).toContain(`/uploads/${page.image_upload}/`);
  });

  it("refuses, field by field, what the staff upload refuses, and keeps nothing", async () => {
    const refused = async (fields: Record<string, string | File>) => {
      const response = await run(
        shareMyDay.action,
        multipart("/get-involved/share-my-day", { ...startFields, ...fields }),
      );
      expect(response.status).toBe(400);
      return errorsOf(response);
    };
    expect((await refused({ image: await photo() })).image_alt).toEqual([
      "Describe the photo: people who use screen readers hear this text instead of seeing it",
    ]);
    const text = new File(["not a picture"], "notes.txt", { type: "text/plain" });
    expect((await refused({ image: text, image_alt: "x" })).image).toEqual([
      "The photo must be a JPEG, PNG or WebP image",
    ]);
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 10)], "big.jpg", { type: "image/jpeg" });
    expect((await refused({ image: big, image_alt: "x" })).image).toEqual(["The photo must be at most 10 MB"]);
    const fake = new File(["GIF89a not really"], "fake.jpg", { type: "image/jpeg" });
    expect((await refused({ image: fake, image_alt: "x" })).image).toEqual([
      "The file is not a JPEG, PNG or WebP image",
    ]);
    expect((await refused({ image_alt: "bad\u202Ealt" })).image_alt?.[0]).toMatch(/Photo description/);
    expect(await getDb().selectFrom("fundraising_pages").select("id").execute()).toEqual([]);
    expect(await uploadStore().keys()).toEqual([]);
  });
});

describe("the owner changes their page through the e-mailed link", () => {
  it("shows the form with the page's words and saves a change while it waits for review, audited as the owner's", async () => {
    const { page, token } = await startPage();
    const shown = await run(manage.loader, getRequest(`/fundraise/manage/${token}`), { token });
    expect(shown.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await shown.json()).toMatchObject({ ok: true, title: "Anna's 10k", target: "300", editable: true });

    const response = await editPage(token, {
      title: "Anna's half marathon",
      story: "21 km\r\nfor the clinics",
      target: "500",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ saved: "review" });
    const after = await getDb()
      .selectFrom("fundraising_pages")
      .selectAll()
      .where("id", "=", page.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({
      title: "Anna's half marathon",
      story: "21 km\nfor the clinics",
      target_pence: 50_000,
      status: "pending",
    });
    const history = await listAudit(getDb(), "fundraising-page", page.id);
    const revised = history.find((event) => event.action === "fundraising-page.revised")!;
    expect(revised.actor).toBe(PAGE_OWNER_ACTOR);
    expect(revised.detail).toContain("title, story, target £300 → £500");
  });

  it("keeps a live page public with its approved words while an edit waits, shows a new target at once, and replaces its photo once staff approve", async () => {
    const admin = await ensureAdmin();
    const { page, token } = await startPage({ image: await photo(), image_alt: "Anna" });
    await decideOnPage(page.id, "approve", null, admin);

    const target = await editPage(token, { title: page.title, story: page.story, target: "450", image_alt: "Anna" });
    expect(await target.json()).toMatchObject({ saved: "live" });
    const live = await publicData(page.slug);
    expect(live.page.targetPence).toBe(45_000);

    const oldKey = page.image_upload!;
    const replaced = await editPage(token, {
      title: "Anna's half marathon",
      story: "A new story",
      target: "450",
      image: await photo(800, 600),
      image_alt: "Anna again",
    });
    expect(await replaced.json()).toMatchObject({ saved: "edit-waiting" });
    // The public page still answers 200 with the approved words and photo.
    const waiting = await run(publicPage.loader, getRequest(`/fundraise/${page.slug}`), { slug: page.slug });
    expect(waiting.status).toBe(200);
    const shown = ((await waiting.json()) as { page: { title: string; storyHtml: string; image: { src: string } } })
      .page;
    expect(shown.title).toBe("Anna's 10k");
    expect(shown.storyHtml).toContain("Running for the clinics.");
    expect(shown.image.src).toContain(oldKey);
    // The owner's link shows their change, and that it waits.
    const ownerView = await run(manage.loader, getRequest(`/fundraise/manage/${token}`), { token });
    expect(await ownerView.json()).toMatchObject({
      title: "Anna's half marathon",
      editWaiting: true,
      status: "approved",
    });
    const history = await listAudit(getDb(), "fundraising-page", page.id);
    expect(
      history.some(
        (e) => e.action === "fundraising-page.revised" && e.detail?.includes("the approved version stays public"),
      ),
    ).toBe(true);

    await decideOnPage(page.id, "approve-edit", null, admin);
    const approved = await publicData(page.slug);
    expect(approved.page.title).toBe("Anna's half marathon");
    expect(approved.page.storyHtml).toContain("A new story");
    const after = await getDb()
      .selectFrom("fundraising_pages")
      .selectAll()
      .where("id", "=", page.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ image_alt: "Anna again", pending_at: null, status: "approved" });
    expect(after.image_upload).not.toBe(oldKey);
    expect(await uploadStore().keys()).toEqual([after.image_upload]);

    // A refused edit: the page keeps the words staff approved; the refused photo goes.
    const removed = await editPage(token, { title: "SPAM", story: "Buy things", target: "450", remove_image: "on" });
    expect(await removed.json()).toMatchObject({ saved: "edit-waiting" });
    expect((await publicData(page.slug)).page.title).toBe("Anna's half marathon");
    await decideOnPage(page.id, "reject-edit", "Please keep to your event", admin);
    const kept = await publicData(page.slug);
    expect(kept.page.title).toBe("Anna's half marathon");
    expect(kept.page.image).not.toBeNull();
    expect(await uploadStore().keys()).toEqual([after.image_upload]);
    const mail = await getDb()
      .selectFrom("outbox")
      .select(["subject", "text_body"])
      .where("to_address", "=", startFields.email)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`Your change to "Anna's half marathon"`);
    expect(mail.text_body).toContain("Please keep to your event");
  });

  it("lets a tribute page go without a target, and refuses a Share My Day page without one", async () => {
    const tribute = await run(
      memoriam.action,
      multipart("/get-involved/memoriam", {
        ...startFields,
        kind: "memoriam",
        target: "",
        in_memory_of: "Grandad",
        occasion: "",
      }),
    );
    expect(tribute.status).toBe(303);
    const row = await getDb()
      .selectFrom("fundraising_pages")
      .select(["kind", "target_pence"])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ kind: "memoriam", target_pence: null });
    const refused = await run(
      shareMyDay.action,
      multipart("/get-involved/share-my-day", { ...startFields, target: "" }),
    );
    expect(refused.status).toBe(400);
    expect((await errorsOf(refused)).target).toEqual(["Target is required"]);
    // The route decides the kind, whatever the form says.
    const sly = await run(
      shareMyDay.action,
      multipart("/get-involved/share-my-day", { ...startFields, kind: "memoriam", in_memory_of: "X", target: "" }),
    );
    expect(sly.status).toBe(400);
    expect((await errorsOf(sly)).target).toEqual(["Target is required"]);
  });

  it("refuses a rejected page, an expired or forged link, bad input field by field, and a post from another site", async () => {
    const { page, token } = await startPage();
    const bad = await editPage(token, { title: "", story: "x", target: "5" });
    expect(bad.status).toBe(400);
    expect(Object.keys(await errorsOf(bad)).sort()).toEqual(["target", "title"]);

    const crossSite = await run(
      manage.action,
      multipart(
        `/fundraise/manage/${token}`,
        { title: "Spam", story: "x", target: "300" },
        { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
      ),
      { token },
    );
    expect(crossSite.status).toBe(403);

    const forged = await editPage(`${token}x`, { title: "Spam", story: "x", target: "300" });
    expect(forged.status).toBe(404);

    const start = nowDate();
    setClock(() => start.getTime() + 91 * 24 * 60 * 60 * 1000);
    expect((await editPage(token, { title: "Late", story: "x", target: "300" })).status).toBe(410);
    setClock(null);

    await decideOnPage(page.id, "reject", "Not for us", await ensureAdmin());
    const closed = await editPage(token, { title: "Again", story: "x", target: "300" });
    expect(closed.status).toBe(409);
    const shown = await run(manage.loader, getRequest(`/fundraise/manage/${token}`), { token });
    expect(await shown.json()).toMatchObject({ editable: false, status: "rejected" });
    const row = await getDb()
      .selectFrom("fundraising_pages")
      .select("title")
      .where("id", "=", page.id)
      .executeTakeFirstOrThrow();
    expect(row.title).toBe("Anna's 10k");
  });
});
