// Projects and redirects (issue 52), through the publishing services, on SQLite and PostgreSQL:
// the seeded projects as the site showed them; a draft kept off the public lists and a publish
// showing it (menu and footer links included); pictures through the image pipeline, in order,
// each with alt text or marked decorative; a renamed address recorded as a 301, chains kept one
// step long, and no redirect to itself, into a loop, or away from live content.
import sharp from "sharp";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import {
  ProjectContentRefusal,
  addRedirect,
  projectFrameLinks,
  publicProject,
  publicProjects,
  recordRedirect,
  redirectFor,
  RedirectRefusal,
  removeRedirect,
  saveProject,
  searchSite,
  sitemapProjects,
  staffRedirectList,
} from "~/publishing/index.server";
import { projectFormSchema, type ProjectFormValue } from "~/publishing/schemas/projects";
import { listAudit } from "~/site/index.server";
import { SEEDED_PROJECTS } from "../../db/migrations/0044_projects_redirects";
import { loader as splatLoader } from "~/routes/$";
import { loader as projectLoader } from "~/routes/_public+/projects.$slug";
import { resetDatabase } from "./helpers";
import { staffMember } from "./team-support";

async function photo(): Promise<File> {
  const bytes = await sharp({ create: { width: 1000, height: 625, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(bytes)], "clinic.jpg", { type: "image/jpeg" });
}

/** The staff form's value, as the schema makes it from these fields. */
function formValue(fields: Record<string, string | File>): ProjectFormValue {
  const form = new FormData();
  for (const [name, value] of Object.entries({ intent: "publish", status: "Active", ...fields })) form.set(name, value);
  const parsed = projectFormSchema.safeParse(Object.fromEntries(nest(form)));
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

/** `gallery[0].alt` style names as nested values (what Conform's parseWithZod does). */
function nest(form: FormData): [string, unknown][] {
  const root: Record<string, any> = {};
  for (const [name, value] of form.entries()) {
    const parts = name.replace(/\]/g, "").split(/[[.]/);
    let node = root;
    parts.forEach((part, i) => {
      const key = /^\d+$/.test(part) ? Number(part) : part;
      if (i === parts.length - 1) node[key] = value;
      else node = node[key] ??= /^\d+$/.test(parts[i + 1]) ? [] : {};
    });
  }
  return Object.entries(root);
}

const seededSlugs = SEEDED_PROJECTS.map((p) => p.slug);

beforeEach(async () => {
  await resetDatabase();
  const db = getDb();
  await db.deleteFrom("redirects").execute();
  await db.deleteFrom("projects").where("slug", "not in", seededSlugs).execute();
  await sql`delete from search_documents where kind = 'project' and url not in (${sql.join(
    seededSlugs.map((slug) => `/projects/${slug}`),
  )})`.execute(db);
});

describe("projects", () => {
  it("are seeded as the site showed them: seven in order, four Active in the menu, four in the footer", async () => {
    const all = await publicProjects();
    expect(all.map((p) => p.slug)).toEqual(seededSlugs);
    expect(all[0]).toMatchObject({
      title: "Food and Flood Relief",
      status: "Active",
      image: { src: "/images/projects/flood-relief.svg", alt: SEEDED_PROJECTS[0].imageAlt, width: 800, height: 500 },
    });
    expect(all[0].gallery.map((g) => g.alt)).toEqual(SEEDED_PROJECTS[0].gallery.map((g) => g.alt));
    expect((await publicProjects({ status: "Active" })).map((p) => p.slug)).toEqual([
      "flood-relief",
      "primary-care",
      "education",
      "public-health",
    ]);
    const links = await projectFrameLinks();
    expect(links.menu.map((l) => l.to)).toEqual([
      "/projects/flood-relief",
      "/projects/primary-care",
      "/projects/education",
      "/projects/public-health",
    ]);
    expect(links.footer.map((l) => l.to).sort()).toEqual(
      [
        "/projects/palliative-care",
        "/projects/water-filtration",
        "/projects/gender-equality",
        "/projects/flood-relief",
      ].sort(),
    );
  });

  it("keeps a draft off the site; Publish shows it with its uploaded pictures, in order, and Completed leaves Recent", async () => {
    const editor = await staffMember("admin");
    const draft = await saveProject(
      formValue({
        intent: "draft",
        title: "Mobile Clinics",
        slug: "mobile-clinics",
        summary: "Clinics on wheels for remote villages.",
        body: "## Where we go\n\nEvery **week**.",
        in_menu: "on",
        card_file: await photo(),
        card_alt: "A clinic van on a dirt road",
        "new_pictures[0].file": await photo(),
        "new_pictures[0].alt": "A nurse at the van's door",
        "new_pictures[1].file": await photo(),
        "new_pictures[1].decorative": "on",
      }),
      editor,
    );
    expect(draft.state).toBe("draft");
    expect(draft.record.state).toBe("draft");
    expect(await publicProject("mobile-clinics")).toBeUndefined();
    expect((await publicProjects()).map((p) => p.slug)).not.toContain("mobile-clinics");
    expect((await projectFrameLinks()).menu.map((l) => l.to)).not.toContain("/projects/mobile-clinics");
    expect((await searchSite("wheels", 1)).total).toBe(0);

    // A kept picture's id on the form is its place in the words being edited.
    const gallery = draft.record.gallery.map((picture, i) => ({ id: i + 1, alt: picture.alt }));
    const published = await saveProject(
      formValue({
        intent: "publish",
        has_card: "on",
        title: "Mobile Clinics",
        slug: "mobile-clinics",
        summary: "Clinics on wheels for remote villages.",
        body: "## Where we go\n\nEvery **week**.",
        in_menu: "on",
        card_alt: "A clinic van on a dirt road",
        // The decorative picture first now.
        "gallery[0].id": String(gallery[0].id),
        "gallery[0].alt": gallery[0].alt,
        "gallery[0].position": "2",
        "gallery[1].id": String(gallery[1].id),
        "gallery[1].decorative": "on",
        "gallery[1].position": "1",
      }),
      editor,
      { id: draft.record.id },
    );
    expect(published.state).toBe("published");
    const shown = (await publicProject("mobile-clinics"))!;
    expect(shown.image).toMatchObject({ alt: "A clinic van on a dirt road" });
    expect(shown.image!.src).toMatch(/^\/uploads\/[a-f0-9]{32}\/\d+\.jpg$/);
    expect(shown.image!.webpSrcSet).toContain(".webp");
    expect(shown.gallery.map((g) => g.alt)).toEqual(["", "A nurse at the van's door"]);
    expect(shown.bodyHtml).toContain("<h2>Where we go</h2>");
    expect((await publicProjects({ status: "Active" })).map((p) => p.slug)).toContain("mobile-clinics");
    expect((await projectFrameLinks()).menu.map((l) => l.to)).toContain("/projects/mobile-clinics");
    expect((await sitemapProjects()).map((p) => p.path)).toContain("/projects/mobile-clinics");
    expect((await searchSite("wheels", 1)).hits.map((h) => h.url)).toContain("/projects/mobile-clinics");

    await saveProject(
      formValue({
        status: "Completed",
        has_card: "on",
        title: "Mobile Clinics",
        slug: "mobile-clinics",
        summary: "Clinics on wheels for remote villages.",
        card_alt: "A clinic van on a dirt road",
      }),
      editor,
      { id: draft.record.id },
    );
    expect((await publicProjects({ status: "Active" })).map((p) => p.slug)).not.toContain("mobile-clinics");
    expect((await publicProjects()).map((p) => p.slug)).toContain("mobile-clinics");
    // The gallery left out of the form is the gallery removed (its uploads stay for the history's restores).
    expect((await publicProject("mobile-clinics"))!.gallery).toEqual([]);

    const history = await listAudit(getDb(), "project", draft.record.id);
    expect(history.map((event) => event.action).sort()).toEqual(
      ["project.created", "project.draft-saved", "project.published", "project.published"].sort(),
    );
    expect(history.every((event) => event.actor === editor.username)).toBe(true);
  });

  it("refuses an address another project has, and a fundraising role", async () => {
    const editor = await staffMember("editor");
    const value = formValue({
      title: "Copy",
      slug: "education",
      summary: "Same address.",
      card_file: await photo(),
      card_decorative: "on",
    });
    await expect(saveProject(value, editor)).rejects.toThrow("Another project has this address");
    await expect(saveProject({ ...value, slug: "other" }, await staffMember("fundraising"))).rejects.toThrow(
      "Only editors and admins",
    );
  });

  it("Publish runs the content checks on the body; Save draft keeps a body that fails them", async () => {
    const editor = await staffMember("admin");
    const fields = {
      title: "Checked",
      slug: "checked",
      summary: "A body with problems.",
      body: "# A second h1\n\n#### A jump\n\n[click here](/donate)",
      card_file: await photo(),
      card_alt: "A well",
    };
    const refusal = await saveProject(formValue(fields), editor).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ProjectContentRefusal);
    const problems = (refusal as ProjectContentRefusal).problems.join("\n");
    expect(problems).toMatch(/h1/i);
    expect(problems).toMatch(/click here/i);
    expect(await getDb().selectFrom("projects").select("id").where("slug", "=", "checked").executeTakeFirst()).toBe(
      undefined,
    );
    const draft = await saveProject(formValue({ ...fields, intent: "draft", card_file: await photo() }), editor);
    expect(draft.record.state).toBe("draft");
  });

  it("a picture without alt text is refused unless marked decorative", () => {
    const base = { intent: "publish", title: "T", slug: "t", summary: "S", status: "Active", has_card: "on" };
    const result = projectFormSchema.safeParse(base);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join("."))).toEqual(["card_alt"]);
    expect(projectFormSchema.safeParse({ ...base, card_decorative: "on" }).success).toBe(true);
    expect(projectFormSchema.safeParse({ ...base, card_alt: "A well" }).success).toBe(true);
    // With other fields wrong too, one refusal lists every problem, the picture's included.
    const paths = projectFormSchema
      .safeParse({ intent: "publish", status: "Active", has_card: "on" })
      .error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["title", "slug", "summary", "card_alt"]));
  });
});

describe("redirects", () => {
  it("renaming a published project's address records a 301, and renaming again keeps the chain one step long", async () => {
    const admin = await staffMember("admin");
    const fields = {
      title: "Clean Water",
      summary: "Wells.",
      card_file: await photo(),
      card_alt: "A well",
    };
    const created = await saveProject(formValue({ ...fields, slug: "clean-water" }), admin);
    const again = { title: fields.title, summary: fields.summary, card_alt: fields.card_alt, has_card: "on" };
    await saveProject(formValue({ ...again, slug: "safe-water" }), admin, { id: created.record.id });
    expect(await redirectFor("/projects/clean-water")).toBe("/projects/safe-water");
    expect(await publicProject("clean-water")).toBeUndefined();

    await saveProject(formValue({ ...again, slug: "water-for-all" }), admin, { id: created.record.id });
    expect(await redirectFor("/projects/clean-water")).toBe("/projects/water-for-all");
    expect(await redirectFor("/projects/safe-water")).toBe("/projects/water-for-all");
    expect(await redirectFor("/projects/safe-water/")).toBe("/projects/water-for-all");

    // Back to the first address: it is live again, so its redirect goes; nothing points at itself.
    await saveProject(formValue({ ...again, slug: "clean-water" }), admin, { id: created.record.id });
    expect(await redirectFor("/projects/clean-water")).toBeNull();
    const list = await staffRedirectList();
    expect(list.map((r) => `${r.fromPath}→${r.toPath}`).sort()).toEqual([
      "/projects/safe-water→/projects/clean-water",
      "/projects/water-for-all→/projects/clean-water",
    ]);
    expect(list.every((r) => r.fromPath !== r.toPath)).toBe(true);

    // A draft renamed back and forth too: never refused as a loop.
    await saveProject(formValue({ ...again, intent: "draft", slug: "safe-water" }), admin, { id: created.record.id });
    await saveProject(formValue({ ...again, intent: "draft", slug: "clean-water" }), admin, { id: created.record.id });
    expect(await redirectFor("/projects/safe-water")).toBe("/projects/clean-water");
    expect(await redirectFor("/projects/clean-water")).toBeNull();
  });

  it("refuses a redirect to itself, a loop, a live source and an address off the site; chains are followed", async () => {
    const admin = await staffMember("admin");
    await expect(addRedirect({ from: "/a", to: "/a" }, admin)).rejects.toThrow("cannot redirect to itself");
    await addRedirect({ from: "/a", to: "/b" }, admin);
    await expect(addRedirect({ from: "/b", to: "/a" }, admin)).rejects.toThrow(/would loop/);
    await addRedirect({ from: "/b", to: "/c" }, admin);
    // A→B then B→C makes A→C.
    expect(await redirectFor("/a")).toBe("/c");
    await addRedirect({ from: "/z", to: "/a" }, admin);
    expect(await redirectFor("/z")).toBe("/c");
    await expect(addRedirect({ from: "/c", to: "/z" }, admin)).rejects.toThrow(/would loop/);
    await expect(addRedirect({ from: "/projects/education", to: "/x" }, admin)).rejects.toThrow(/live page/);
    await expect(addRedirect({ from: "/about", to: "/x" }, admin)).rejects.toThrow(/live page/);
    await expect(addRedirect({ from: "/admin/dashboard", to: "/x" }, admin)).rejects.toThrow(/live page/);
    for (const to of ["https://evil.example/", "//evil.example", "/x?y=1", "/a b", "\\\\evil"]) {
      await expect(addRedirect({ from: "/old", to }, admin), to).rejects.toBeInstanceOf(RedirectRefusal);
    }
    const a = (await staffRedirectList()).find((r) => r.fromPath === "/a")!;
    await removeRedirect(a.id, admin);
    expect(await redirectFor("/a")).toBeNull();
    const audit = await getDb()
      .selectFrom("audit_events")
      .select(["action", "detail"])
      .where("entity", "=", "redirect")
      .orderBy("id")
      .execute();
    expect(audit.at(-1)).toEqual({ action: "redirect.removed", detail: "/a → /c" });
  });

  it("is answered 301 where an address ends unmatched (the splat route, a missing project), the query kept", async () => {
    const admin = await staffMember("admin");
    await addRedirect({ from: "/old-news", to: "/news" }, admin);
    await addRedirect({ from: "/projects/wells", to: "/projects/water-filtration" }, admin);
    const thrown = async (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => error as Response,
      );
    const args = (url: string, params: Record<string, string> = {}) =>
      ({ request: new Request(`http://localhost${url}`), params, context: {} }) as any;

    const moved = (await thrown(splatLoader(args("/old-news/?utm=x"))))!;
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe("/news?utm=x");
    const project = (await thrown(projectLoader(args("/projects/wells", { slug: "wells" }))))!;
    expect(project.status).toBe(301);
    expect(project.headers.get("Location")).toBe("/projects/water-filtration");
    expect((await thrown(splatLoader(args("/never-was"))))!.status).toBe(404);
  });

  it("recordRedirect works in the caller's transaction and is undone with it", async () => {
    const db = getDb();
    await expect(
      db.transaction().execute(async (trx) => {
        await recordRedirect(trx, "/old-page", "/new-page");
        expect(await trx.selectFrom("redirects").select("to_path").executeTakeFirst()).toEqual({
          to_path: "/new-page",
        });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await redirectFor("/old-page")).toBeNull();
  });
});
