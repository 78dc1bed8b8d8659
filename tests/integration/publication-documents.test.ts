// Publications with their PDFs (issue 52): the service against a real database (SQLite, and
// PostgreSQL with TEST_DATABASE=postgres), the real upload store, and the download route.
import { createHash } from "node:crypto";
import PDFDocument from "pdfkit";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import { readPdf } from "~/infra/pdf-text.server";
import { uploadStore } from "~/infra/upload-store.server";
import {
  PublicationRefusal,
  addPublicationType,
  createPublication,
  findPublication,
  publicDocument,
  publicPublications,
  publicationHistory,
  publicationTypes,
  removePublication,
  removeType,
  renameType,
  revisePublication,
  searchSite,
  seedSamplePublicationDocuments,
  sitemapPublications,
} from "~/publishing/index.server";
import { MAX_PDF_BYTES, newPublicationSchema } from "~/publishing/schemas/publications";
import { loader as downloadLoader } from "~/routes/_public+/publications_.$slug[.]pdf";
import { parseWithZod } from "@conform-to/zod/v4";
import { action as newPublicationAction } from "~/routes/admin+/dashboard+/publications.new";
import { staffCookie, staffMember } from "./team-support";
import { bodyOf, run } from "./admin-support";

/** A real PDF (pdfkit) with these words on its page. */
function pdfWith(words: string): Promise<Uint8Array> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve) =>
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks)))),
  );
  doc.text(words);
  doc.end();
  return done;
}

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function typeId(name: string): Promise<number> {
  const type = (await publicationTypes()).find((t) => t.name === name);
  if (!type) throw new Error(`no type ${name}`);
  return type.id;
}

async function fields(title: string, type = "Annual Report") {
  return {
    title,
    typeId: await typeId(type),
    publishedOn: "2026-03-31",
    description: `About ${title}.`,
    status: "published" as const,
  };
}

async function download(slug: string, headers: Record<string, string> = {}) {
  try {
    return await run(downloadLoader, new Request(`http://localhost/publications/${slug}.pdf`, { headers }), { slug });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function refusalOf(promise: Promise<unknown>): Promise<PublicationRefusal> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PublicationRefusal);
  return error as PublicationRefusal;
}

let actor: Awaited<ReturnType<typeof staffMember>>;

beforeAll(async () => {
  // An admin publishes (editors submit: project-revisions.test.ts and publication-revisions below).
  actor = await staffMember("admin");
});

describe("the spec's three publications", () => {
  it("are there from the migration, each given a sample PDF once, marked as a sample, downloadable", async () => {
    expect(await seedSamplePublicationDocuments(getDb())).toBe(3);
    expect(await seedSamplePublicationDocuments(getDb())).toBe(0);

    const cards = await publicPublications();
    expect(cards.map((c) => [c.title, c.typeName, c.publishedOn])).toEqual([
      ["Autumn 2025 Newsletter", "Newsletter", "2025-09-01"],
      ["Annual Report 2024", "Annual Report", "2025-03-31"],
      ["Access to Primary Care in Rural Communities", "Research Paper", "2024-11-15"],
    ]);
    for (const card of cards) {
      expect(card.download?.url).toBe(`/publications/${card.slug}.pdf`);
      const response = await download(card.slug);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("application/pdf");
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(bytes.byteLength).toBe(card.download!.bytes);
      const pdf = await readPdf(bytes);
      expect(pdf?.text).toContain("Sample document");
      expect(pdf?.text).toContain(card.title);
    }
    // Found by the words of their sample PDFs.
    const hits = (await searchSite("sample stands", 1)).hits;
    expect(hits.map((hit) => hit.url).sort()).toEqual(cards.map((c) => `/publications/${c.slug}.pdf`).sort());
  });
});

describe("a staff upload", () => {
  it("stores the PDF, serves the same bytes at /publications/<slug>.pdf, and makes its words findable", async () => {
    const bytes = await pdfWith("Our trustees report on the okapi conservation clinic.");
    const publication = await createPublication(
      await fields("Annual Report 2025"),
      { name: "annual-report-final.pdf", bytes },
      { actor },
    );
    expect(publication.slug).toBe("annual-report-2025");
    expect(publication.document).toMatchObject({
      name: "annual-report-final.pdf",
      bytes: bytes.byteLength,
      sha256: sha(bytes),
    });

    const response = await download("annual-report-2025");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="annual-report-2025.pdf"');
    expect(response.headers.get("Content-Length")).toBe(String(bytes.byteLength));
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Cache-Control")).toBe("public, no-cache");
    const served = new Uint8Array(await response.arrayBuffer());
    expect(sha(served)).toBe(sha(bytes));

    // Asked again with its ETag: 304, no body.
    const again = await download("annual-report-2025", { "If-None-Match": response.headers.get("ETag")! });
    expect(again.status).toBe(304);

    expect((await searchSite("okapi", 1)).hits.map((hit) => hit.title)).toEqual(["Annual Report 2025"]);
    expect(await sitemapPublications()).toContainEqual({
      path: "/publications/annual-report-2025.pdf",
      lastmod: publication.document!.uploadedAt,
    });
    expect((await publicationHistory(publication.id)).map((e) => [e.action, e.actor])).toEqual([
      ["publication.created", actor.username],
    ]);
  });

  it("refuses a file that only claims to be a PDF, naming it, and stores nothing", async () => {
    const keysBefore = await uploadStore().keys();
    const text = new TextEncoder().encode("These are my notes, not a PDF.");
    const refusal = await refusalOf(
      createPublication(await fields("Notes"), { name: "notes.pdf", bytes: text }, { actor }),
    );
    expect(refusal.field).toBe("document");
    expect(refusal.message).toBe("notes.pdf is not a PDF document");

    // The header alone is not enough: it must open as a PDF.
    const header = new TextEncoder().encode("%PDF-1.7\nnothing else here");
    expect(
      (
        await refusalOf(
          createPublication(await fields("Fake"), { name: "C:\\Users\\me\\fake.pdf", bytes: header }, { actor }),
        )
      ).message,
    ).toBe("fake.pdf is not a PDF document");

    expect(await uploadStore().keys()).toEqual(keysBefore);
    expect((await publicPublications()).map((c) => c.title)).not.toContain("Notes");
  });

  it("refuses a document over the size limit, naming it, in the service and in the form", async () => {
    const big = new Uint8Array(MAX_PDF_BYTES + 1);
    big.set(new TextEncoder().encode("%PDF-1.7\n"));
    const refusal = await refusalOf(
      createPublication(await fields("Huge"), { name: "huge.pdf", bytes: big }, { actor }),
    );
    expect(refusal.message).toBe("huge.pdf is larger than 20 MB, the largest document we take");

    const form = new FormData();
    form.set("title", "Huge");
    form.set("type_id", String(await typeId("Newsletter")));
    form.set("published_on", "2026-01-01");
    form.set("description", "Big.");
    form.set("status", "published");
    form.set("document", new File([big], "huge.pdf", { type: "application/pdf" }));
    const submission = parseWithZod(form, { schema: newPublicationSchema });
    expect(submission.status).toBe("error");
    expect(submission.reply().error?.document).toEqual(["huge.pdf is larger than 20 MB, the largest document we take"]);
  });

  it("replaces the document at the same address and removes the old file; hiding it answers 404", async () => {
    const first = await pdfWith("First edition about the flood pumps.");
    const created = await createPublication(
      await fields("Flood Review", "Research Paper"),
      { name: "v1.pdf", bytes: first },
      { actor },
    );
    const oldKey = created.document!.key;

    const second = await pdfWith("Second edition about the water towers.");
    const revised = await revisePublication(
      created.id,
      await fields("Flood Review", "Research Paper"),
      { name: "v2.pdf", bytes: second },
      { actor },
    );
    expect(revised?.slug).toBe(created.slug);
    expect(revised?.document?.name).toBe("v2.pdf");

    // A draft (or a later publish time) never changes what visitors download: the file needs Publish.
    for (const intent of ["draft", "submit", "schedule"] as const) {
      const refused = await refusalOf(
        revisePublication(
          created.id,
          await fields("Flood Review", "Research Paper"),
          { name: "v3.pdf", bytes: await pdfWith("A third edition.") },
          { actor, intent, publishAt: intent === "schedule" ? "2030-01-01T09:00:00.000Z" : null },
        ),
      );
      expect([refused.field, refused.message]).toEqual([
        "document",
        "v3.pdf would replace the document visitors download straight away, so it goes with Publish: choose Publish, or save the words without the file",
      ]);
    }
    expect((await findPublication(created.id))?.document?.name).toBe("v2.pdf");
    const response = await download(created.slug);
    expect(sha(new Uint8Array(await response.arrayBuffer()))).toBe(sha(second));
    expect(await uploadStore().files(oldKey)).toEqual([]);
    expect((await searchSite("towers", 1)).total).toBe(1);
    expect((await searchSite("pumps", 1)).total).toBe(0);

    // Changing the words only keeps the document.
    const kept = await revisePublication(
      created.id,
      { ...(await fields("Flood Review (revised)", "Research Paper")), status: "hidden" },
      undefined,
      { actor },
    );
    expect(kept?.document?.sha256).toBe(sha(second));
    expect((await download(created.slug)).status).toBe(404);
    expect(await publicDocument(created.slug)).toBeNull();
    expect((await publicPublications()).map((c) => c.slug)).not.toContain(created.slug);
    expect((await searchSite("towers", 1)).total).toBe(0);
    // The new file at once; the words (each save a version) by Publish.
    expect((await publicationHistory(created.id)).map((e) => [e.action, e.detail])).toEqual([
      ["publication.created", expect.stringContaining("v1.pdf")],
      ["publication.updated", expect.stringContaining("New document v2.pdf")],
      ["publication.published", expect.stringMatching(/^revision \d+$/)],
      ["publication.published", expect.stringMatching(/^revision \d+$/)],
    ]);

    expect(await removePublication(created.id, { actor })).toBe(true);
    expect(await findPublication(created.id)).toBeUndefined();
    expect(await uploadStore().files(revised!.document!.key)).toEqual([]);
    expect(await removePublication(created.id, { actor })).toBe(false);
  });

  it("gives a second publication of the same title its own address", async () => {
    const bytes = await pdfWith("Twice.");
    const a = await createPublication(
      await fields("Spring Newsletter", "Newsletter"),
      { name: "a.pdf", bytes },
      { actor },
    );
    const b = await createPublication(
      await fields("Spring Newsletter", "Newsletter"),
      { name: "b.pdf", bytes },
      { actor },
    );
    expect([a.slug, b.slug]).toEqual(["spring-newsletter", "spring-newsletter-2"]);
  });
});

describe("publication types", () => {
  it("are added by staff, unique whatever the letter case, renamed, and deleted only when unused", async () => {
    const id = await addPublicationType("Policy Briefing", { actor });
    expect((await publicationTypes()).map((t) => t.name)).toEqual([
      "Newsletter",
      "Annual Report",
      "Research Paper",
      "Policy Briefing",
    ]);
    const duplicate = await refusalOf(addPublicationType("policy briefing", { actor }));
    expect(duplicate).toMatchObject({ field: "name", message: "There is already a type called policy briefing" });

    const bytes = await pdfWith("Briefing on clinic funding.");
    const briefing = await createPublication(
      await fields("Clinic Funding Briefing", "Policy Briefing"),
      { name: "briefing.pdf", bytes },
      { actor },
    );
    expect((await publicPublications()).find((c) => c.slug === briefing.slug)?.typeName).toBe("Policy Briefing");

    const inUse = await refusalOf(removeType(id, { actor }));
    expect(inUse.message).toBe(
      "Policy Briefing cannot be deleted: 1 publication has this type. Change their type first.",
    );

    await renameType(id, "Briefing", { actor });
    expect((await publicPublications()).find((c) => c.slug === briefing.slug)?.typeName).toBe("Briefing");

    await removePublication(briefing.id, { actor });
    await removeType(id, { actor });
    expect((await publicationTypes()).map((t) => t.name)).not.toContain("Briefing");
  });

  it("refuses a publication whose type does not exist", async () => {
    const bytes = await pdfWith("Orphan.");
    const refusal = await refusalOf(
      createPublication({ ...(await fields("Orphan")), typeId: 999_999 }, { name: "o.pdf", bytes }, { actor }),
    );
    expect(refusal).toMatchObject({ field: "type_id", message: "Choose a type from the list" });
  });
});

describe("the staff form without JavaScript", () => {
  async function post(fields: Record<string, string>, file: File) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set("document", file);
    const request = new Request("http://localhost/admin/dashboard/publications/new", {
      method: "POST",
      body: form,
      headers: {
        "Sec-Fetch-Site": "same-origin",
        Origin: "http://localhost",
        Cookie: await staffCookie(await staffMember("admin")),
      },
    });
    return run(newPublicationAction, request);
  }

  it("answers a non-PDF with a 400 naming it, with the other errors at once, the words kept", async () => {
    const response = await post(
      {
        title: "Minutes",
        type_id: String(await typeId("Newsletter")),
        published_on: "2026-02-01",
        status: "published",
      },
      new File(["just text"], "minutes.pdf", { type: "application/pdf" }),
    );
    expect(response.status).toBe(400);
    const { result, fileDropped } = await bodyOf(response);
    expect(result.error.document).toEqual(["minutes.pdf is not a PDF document"]);
    expect(result.error.description).toEqual(["Description is required"]);
    expect(result.initialValue.title).toBe("Minutes");
    expect(fileDropped).toBe(true);
  });

  it("saves a real PDF and goes back to the list", async () => {
    const bytes = await pdfWith("Form upload.");
    const response = await post(
      {
        title: "Form Upload",
        type_id: String(await typeId("Newsletter")),
        published_on: "2026-02-01",
        description: "Sent as a browser sends it.",
        status: "published",
      },
      new File([Buffer.from(bytes)], "form.pdf", { type: "application/pdf" }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/admin/dashboard/publications");
    const served = await download("form-upload");
    expect(sha(new Uint8Array(await served.arrayBuffer()))).toBe(sha(bytes));
  });
});
