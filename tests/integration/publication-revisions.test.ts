// Publications' editing cycle (issue 52, docs/site-editor.md "Publications"), on SQLite and
// PostgreSQL: the words saved as versions, a draft kept off /publications until Publish, Publish
// at a UK time, the staff-only card preview (a visitor gets 404), compare, restore, and roles.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setClock } from "~/infra/clock.server";
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
import { createUser, type User } from "~/staff/models/user.server";
import { adminCookie, bodyOf, getRequest, run } from "./admin-support";
import { resetDatabase } from "./helpers";

const T0 = Date.parse("2030-06-01T08:00:00.000Z");
const TITLE = "Annual Report 2024";
let time = T0;
let admin: User;
let editor: User;
let report: number;

beforeEach(async () => {
  await resetDatabase();
  time = T0;
  setClock(() => time);
  admin = (await adminCookie()).user;
  editor = await createUser(getDb(), "eddie", "correct-horse-battery-staple", { role: "editor" });
  const db = getDb();
  report = (
    await db.selectFrom("publications").select("id").where("slug", "=", "annual-report-2024").executeTakeFirstOrThrow()
  ).id;
  await db.deleteFrom("site_page_revisions").where("page_key", "like", "publication:%").execute();
  await db.updateTable("publications").set({ title: TITLE, status: "published" }).where("id", "=", report).execute();
  await setEditorsMayPublish(false, "test");
});
afterEach(() => setClock(null));

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
      actor: admin,
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
    expect(versions.map((v) => [v.kind, v.createdBy])).toEqual([
      ["draft", admin.username],
      ["original", "site"],
    ]);
    const compared = (await comparePublicationRevision(report, versions[0].id))!;
    expect(compared.diff).toEqual(expect.arrayContaining([{ op: "added", text: "Annual Report 2024 (revised)" }]));

    await revisePublication(report, await fields("Annual Report 2024 (revised)"), undefined, {
      actor: admin,
      intent: "publish",
    });
    expect(await shownTitles()).toContain("Annual Report 2024 (revised)");

    const restored = await restorePublicationRevision(report, versions[1].id, true, admin);
    expect(restored.ok).toBe(true);
    expect(await shownTitles()).toContain(TITLE);
    expect((await publicationVersions(report))[0]).toMatchObject({ kind: "restored", live: true });
  });

  it("Publish at a UK time goes public at that instant; editors submit, and publish only when allowed", async () => {
    await revisePublication(report, await fields("Scheduled report"), undefined, {
      actor: admin,
      intent: "schedule",
      publishAt: "2030-06-01T10:00:00.000Z",
    });
    expect(await shownTitles()).not.toContain("Scheduled report");
    time = Date.parse("2030-06-01T10:00:00.000Z");
    expect(await shownTitles()).toContain("Scheduled report");

    await expect(
      revisePublication(report, await fields("By an editor"), undefined, { actor: editor, intent: "publish" }),
    ).rejects.toBeInstanceOf(ContentRefusal);
    await revisePublication(report, await fields("By an editor"), undefined, { actor: editor, intent: "submit" });
    expect((await publicationVersions(report))[0].kind).toBe("submitted");
    await setEditorsMayPublish(true, admin.username);
    await revisePublication(report, await fields("By an editor"), undefined, { actor: editor, intent: "publish" });
    expect(await shownTitles()).toContain("By an editor");
  });
});
