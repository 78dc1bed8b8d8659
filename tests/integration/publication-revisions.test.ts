// Publications' editing cycle (issue 52, docs/site-editor.md "Publications"), on SQLite and
// PostgreSQL: the words saved as versions, a draft kept off /publications until Publish, Publish
// at a UK time, the staff-only card preview (a visitor gets 404), compare, restore, and roles.
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import {
  ContentRefusal,
  comparePublicationRevision,
  findPublication,
  publicPublications,
  publicationVersions,
  restorePublicationRevision,
  revisePublication,
  seedPublicationRevisions,
  setEditorsMayPublish,
} from "~/publishing/index.server";
import { loader as previewLoader } from "~/routes/_public+/preview.publications.$id";
import { adminCookie, bodyOf, getRequest, run } from "./admin-support";
import { useEditingWorld } from "./editing-support";

const TITLE = "Annual Report 2024";
const world = useEditingWorld();
let report: number;

beforeEach(async () => {
  const db = getDb();
  report = (
    await db.selectFrom("publications").select("id").where("slug", "=", "annual-report-2024").executeTakeFirstOrThrow()
  ).id;
  await db.deleteFrom("site_page_revisions").where("page_key", "like", "publication:%").execute();
  await db.updateTable("publications").set({ title: TITLE, status: "published" }).where("id", "=", report).execute();
  await setEditorsMayPublish(false, "test");
});

async function fields(title: string) {
  const current = (await findPublication(report))!;
  return {
    title,
    typeId: current.typeId,
    publishedOn: current.publishedOn,
    description: current.description,
    status: "published" as const,
  };
}

const shownTitles = async () => (await publicPublications()).map((p) => p.title);

describe("a publication's editing cycle", () => {
  it("a draft stays off /publications, the preview shows it to staff only, Publish makes it public", async () => {
    expect(await seedPublicationRevisions()).toBeGreaterThanOrEqual(3);
    await revisePublication(report, await fields("Annual Report 2024 (revised)"), undefined, {
      actor: world.admin,
      intent: "draft",
    });
    expect(await shownTitles()).toContain(TITLE);
    expect(await shownTitles()).not.toContain("Annual Report 2024 (revised)");

    const { cookie } = await adminCookie();
    const staff = await run(previewLoader, getRequest(`/preview/publications/${report}`, { cookie }), {
      id: String(report),
    });
    expect(await bodyOf(staff)).toMatchObject({ card: { title: "Annual Report 2024 (revised)" }, state: "draft" });
    expect(
      (await run(previewLoader, getRequest(`/preview/publications/${report}`), { id: String(report) })).status,
    ).toBe(404);

    const versions = await publicationVersions(report);
    expect(versions.map((v) => [v.number, v.kind, v.createdBy])).toEqual([
      [2, "draft", world.admin.username],
      [1, "original", "site"],
    ]);
    const compared = (await comparePublicationRevision(report, versions[0].id))!;
    expect(compared.diff).toEqual(expect.arrayContaining([{ op: "added", text: "Annual Report 2024 (revised)" }]));

    await revisePublication(report, await fields("Annual Report 2024 (revised)"), undefined, {
      actor: world.admin,
      intent: "publish",
    });
    expect(await shownTitles()).toContain("Annual Report 2024 (revised)");

    const restored = await restorePublicationRevision(report, versions[1].id, true, world.admin);
    expect(restored.ok).toBe(true);
    expect(await shownTitles()).toContain(TITLE);
    expect((await publicationVersions(report))[0]).toMatchObject({ kind: "restored", live: true });
  });

  it("Publish at a UK time goes public at that instant; editors submit, and publish only when allowed", async () => {
    await revisePublication(report, await fields("Scheduled report"), undefined, {
      actor: world.admin,
      intent: "schedule",
      publishAt: "2030-06-01T10:00:00.000Z",
    });
    expect(await shownTitles()).not.toContain("Scheduled report");
    world.time = Date.parse("2030-06-01T10:00:00.000Z");
    expect(await shownTitles()).toContain("Scheduled report");

    await expect(
      revisePublication(report, await fields("By an editor"), undefined, { actor: world.editor, intent: "publish" }),
    ).rejects.toBeInstanceOf(ContentRefusal);
    await revisePublication(report, await fields("By an editor"), undefined, { actor: world.editor, intent: "submit" });
    expect((await publicationVersions(report))[0].kind).toBe("submitted");
    await setEditorsMayPublish(true, world.admin.username);
    await revisePublication(report, await fields("By an editor"), undefined, {
      actor: world.editor,
      intent: "publish",
    });
    expect(await shownTitles()).toContain("By an editor");
  });
});
