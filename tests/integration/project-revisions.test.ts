// Projects' editing cycle (issue 52, docs/site-editor.md "Projects"), on SQLite and PostgreSQL:
// every save a revision with who and when, a draft of a published project kept off the site until
// Publish, Publish at a UK time going public at that time (the page cache bound by it), the
// staff-only preview (a visitor gets 404), history, compare and a restore that is a new revision,
// and who publishes (admins; editors submit unless an admin lets them publish).
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import {
  ContentRefusal,
  compareProjectRevision,
  previewProject,
  projectFrameLinks,
  projectHistory,
  publicProject,
  restoreProjectRevision,
  saveProject,
  seedProjectRevisions,
  setEditorsMayPublish,
  sitemapProjects,
} from "~/publishing/index.server";
import { nextScheduledPublish } from "~/publishing/services/news.server";
import { projectFormSchema, newPictureRows, type ProjectFormValue } from "~/publishing/schemas/projects";
import { loader as previewLoader } from "~/routes/_public+/preview.projects.$id";
import { adminCookie, bodyOf, getRequest, run } from "./admin-support";
import { useEditingWorld } from "./editing-support";
import { SEEDED_PROJECTS } from "../../db/migrations/0044_projects_redirects";

const world = useEditingWorld();
let flood: number;

beforeEach(async () => {
  const row = await getDb()
    .selectFrom("projects")
    .select("id")
    .where("slug", "=", "flood-relief")
    .executeTakeFirstOrThrow();
  flood = row.id;
  // Each test starts from the seeded words, with no project revisions and editors not publishing.
  await getDb().deleteFrom("site_page_revisions").where("page_key", "like", "project:%").execute();
  await getDb()
    .updateTable("projects")
    .set({ title: SEEDED_PROJECTS[0].title, summary: SEEDED_PROJECTS[0].summary, slug: "flood-relief" })
    .where("id", "=", flood)
    .execute();
  await setEditorsMayPublish(false, "test");
});

/** The edit form's value for Food and Flood Relief with these changes (its pictures kept). */
function floodForm(changes: Record<string, string>): ProjectFormValue {
  const parsed = projectFormSchema.safeParse({
    intent: "draft",
    title: "Food and Flood Relief",
    slug: "flood-relief",
    summary: "Food parcels, clean water and shelter for families after floods.",
    status: "Active",
    in_menu: "on",
    in_footer: "on",
    has_card: "on",
    card_alt: "Volunteers carrying food parcels through flood water",
    gallery: [1, 2, 3].map((id) => ({ id: String(id), alt: `Picture ${id}` })),
    ...changes,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

describe("a project's editing cycle", () => {
  it("the seed's words are the first version; a draft stays off the site, the preview shows it, Publish makes it public", async () => {
    expect(await seedProjectRevisions()).toBeGreaterThan(0);
    expect(await seedProjectRevisions()).toBe(0);
    const draft = await saveProject(floodForm({ title: "Flood Relief Now" }), world.admin, { id: flood });
    expect(draft.state).toBe("draft");
    expect((await publicProject("flood-relief"))!.title).toBe("Food and Flood Relief");
    expect((await projectFrameLinks()).menu[0].label).toBe("Food and Flood Relief");
    expect((await previewProject(flood))!.project.title).toBe("Flood Relief Now");

    const history = await projectHistory(flood);
    expect(history.map((r) => [r.kind, r.createdBy, r.live])).toEqual([
      ["draft", world.admin.username, false],
      ["original", "site", true],
    ]);
    const compared = (await compareProjectRevision(flood, history[0].id))!;
    expect(compared.diff).toEqual(
      expect.arrayContaining([
        { op: "removed", text: "Food and Flood Relief" },
        { op: "added", text: "Flood Relief Now" },
      ]),
    );

    await saveProject(floodForm({ title: "Flood Relief Now", intent: "publish" }), world.admin, { id: flood });
    expect((await publicProject("flood-relief"))!.title).toBe("Flood Relief Now");
    expect((await projectFrameLinks()).menu[0].label).toBe("Flood Relief Now");
    expect((await projectHistory(flood))[0]).toMatchObject({ kind: "published", live: true });
  });

  it("Publish at a UK time: not public before, public from that instant, and the page cache ends there", async () => {
    await saveProject(floodForm({ summary: "Scheduled words.", intent: "schedule" }), world.admin, {
      id: flood,
      publishAt: "2030-06-01T09:00:00.000Z",
    });
    expect((await publicProject("flood-relief"))!.summary).not.toBe("Scheduled words.");
    expect(await nextScheduledPublish()).toBe(Date.parse("2030-06-01T09:00:00.000Z"));
    world.time = Date.parse("2030-06-01T09:00:00.000Z");
    expect((await publicProject("flood-relief"))!.summary).toBe("Scheduled words.");
    expect((await sitemapProjects()).map((p) => p.path)).toContain("/projects/flood-relief");
    // Copied once: the second read finds nothing due.
    const rows = await getDb()
      .selectFrom("site_page_revisions")
      .select("apply_pending")
      .where("apply_pending", "=", 1)
      .execute();
    expect(rows).toEqual([]);
    await expect(
      saveProject(floodForm({ intent: "schedule" }), world.admin, { id: flood, publishAt: "2030-06-01T08:00:00.000Z" }),
    ).rejects.toThrow("still to come");
  });

  it("editors write and submit; they publish only when an world.admin lets them", async () => {
    await expect(saveProject(floodForm({ intent: "publish" }), world.editor, { id: flood })).rejects.toBeInstanceOf(
      ContentRefusal,
    );
    const submitted = await saveProject(floodForm({ title: "Submitted", intent: "submit" }), world.editor, {
      id: flood,
    });
    expect(submitted.state).toBe("submitted");
    expect((await publicProject("flood-relief"))!.title).toBe("Food and Flood Relief");
    await setEditorsMayPublish(true, world.admin.username);
    await saveProject(floodForm({ title: "Submitted", intent: "publish" }), world.editor, { id: flood });
    expect((await publicProject("flood-relief"))!.title).toBe("Submitted");
  });

  it("a restore is a new version, published (by a publisher) or a draft; the earlier version stays", async () => {
    await saveProject(floodForm({ title: "Second words", intent: "publish" }), world.admin, { id: flood });
    const original = (await projectHistory(flood)).find((r) => r.kind === "original")!;
    world.time += 60_000;
    const asDraft = await restoreProjectRevision(flood, original.id, false, world.admin);
    expect(asDraft.ok).toBe(true);
    expect((await publicProject("flood-relief"))!.title).toBe("Second words");
    expect(
      await restoreProjectRevision(flood, original.id, true, world.editor).catch((e: unknown) => e),
    ).toBeInstanceOf(ContentRefusal);
    const published = await restoreProjectRevision(flood, original.id, true, world.admin);
    expect(published.ok).toBe(true);
    expect((await publicProject("flood-relief"))!.title).toBe("Food and Flood Relief");
    const history = await projectHistory(flood);
    // Versions are numbered within the project's own history: the original words are 1, whatever
    // their id in the table every page, project and publication shares.
    expect(original.number).toBe(1);
    expect(history.map((r) => r.number)).toEqual([4, 3, 2, 1]);
    expect(history.slice(0, 2).map((r) => [r.kind, r.note])).toEqual([
      ["restored", expect.stringContaining("Restored from version 1 (")],
      ["restored", expect.stringContaining("Restored from version 1 (")],
    ]);
    expect(history.find((r) => r.id === original.id)!.kind).toBe("original");
  });

  it("the preview is staff-only: a visitor gets 404", async () => {
    await saveProject(floodForm({ title: "Preview words" }), world.admin, { id: flood });
    const { cookie } = await adminCookie();
    const staff = await run(previewLoader, getRequest(`/preview/projects/${flood}`, { cookie }), { id: String(flood) });
    expect(await bodyOf(staff)).toMatchObject({ project: { title: "Preview words" }, state: "draft" });
    expect((await run(previewLoader, getRequest(`/preview/projects/${flood}`), { id: String(flood) })).status).toBe(
      404,
    );
  });

  it("the gallery form asks for more new-picture rows by its address, 3 to 12", () => {
    expect(newPictureRows("/admin/dashboard/projects/new")).toBe(3);
    expect(newPictureRows("/admin/dashboard/projects/new?rows=9")).toBe(9);
    expect(newPictureRows("/admin/dashboard/projects/new?rows=999")).toBe(12);
    const twelve = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`x${i}`, { alt: "" }]));
    expect(projectFormSchema.safeParse({ ...floodForm({}), new_pictures: Object.values(twelve) }).success).toBe(true);
  });
});
