// The site editor (docs/site-editor.md): drafts stay private, publishing (now or at a time) is
// public at once, restores are new revisions, roles decide who publishes, legal pages need an admin.
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import { pageCache } from "~/infra/page-cache.server";
import {
  PageRefusal,
  brokenLinks,
  linksTo,
  compareWithLive,
  pageForEditing,
  pageHistory,
  publicSitePage,
  addRedirect,
  restoreRevision,
  savePage,
  searchSite,
  seedSitePages,
  setEditorsMayPublish,
  staffPageList,
} from "~/publishing/index.server";
import { nextScheduledPublish } from "~/publishing/services/news.server";
import { createNews } from "~/publishing/models/news.server";
import { loader as aboutLoader } from "~/routes/_public+/about._index";
import { action as previewAction, loader as previewLoader } from "~/routes/_public+/preview.pages.$key";
import { loader as sitemapLoader } from "~/routes/_public+/sitemap[.]xml";
import type { User } from "~/staff/models/user.server";
import { BASE, adminCookie, bodyOf, getRequest, postForm, run } from "./admin-support";
import { action as editAction } from "~/routes/admin+/dashboard+/pages.$key._index";
import { action as projectAction, loader as projectEditLoader } from "~/routes/admin+/dashboard+/projects.$id";
import { loader as linkCheckLoader } from "~/routes/admin+/dashboard+/pages.links";
import { action as redirectsAction } from "~/routes/admin+/dashboard+/redirects";
import sharp from "sharp";
import { EDITING_T0, useEditingWorld } from "./editing-support";

const world = useEditingWorld();
let admin: User;
let editor: User;

beforeEach(() => {
  ({ admin, editor } = world);
});

async function aboutWith(body: string) {
  const current = await pageForEditing("about");
  return { ...current.document, fields: { ...current.document.fields, body } };
}

const aboutText = async () => (await publicSitePage("about")).fields.bodyHtml;

describe("site pages", () => {
  it("start with today's words, the same the page showed before", async () => {
    const about = await publicSitePage("about");
    expect(about.fields.heading).toBe("About Community Health Aid UK");
    expect(about.fields.bodyHtml).toContain("<p>Community Health Aid UK is the UK chapter");
    const faq = await publicSitePage("faq");
    expect(faq.lists.questions.map((q) => q.question)).toContain("Where do my donations go?");
    const list = await staffPageList();
    expect(list.map((p) => p.key)).toEqual(
      expect.arrayContaining([
        "home",
        "about",
        "history",
        "faq",
        "team",
        "internships",
        "advisors",
        "privacy",
        "terms",
        "donate",
      ]),
    );
    expect(list.every((p) => p.state === "original")).toBe(true);
    expect(await seedSitePages()).toBe(list.length);
    expect(await seedSitePages()).toBe(0);
  });

  it("keep a draft from visitors, show it in the staff preview, and publish it at once", async () => {
    const saved = await savePage(
      "about",
      { document: await aboutWith("# x\n\nNew words for the draft."), intent: "draft" },
      editor,
    );
    expect(saved.ok).toBe(true);
    expect(await aboutText()).not.toContain("New words");
    // The page as a visitor gets it through its route.
    const visitor = await bodyOf(await run(aboutLoader, getRequest("/about")));
    expect(JSON.stringify(visitor)).not.toContain("New words");
    // The preview: staff see the draft; a visitor gets a 404.
    const { cookie } = await adminCookie();
    const preview = await bodyOf(
      await run(previewLoader, getRequest("/preview/pages/about", { cookie }), { key: "about" }),
    );
    expect(preview.page.fields.bodyHtml).toContain("New words for the draft.");
    expect((await run(previewLoader, getRequest("/preview/pages/about"), { key: "about" })).status).toBe(404);
    expect((await pageForEditing("about")).state).toBe("draft");

    // Publishing checks the words: a body h1 under the title's h1 is refused, nothing saved.
    const refused = await savePage(
      "about",
      { document: await aboutWith("# x\n\nNew words."), intent: "publish" },
      admin,
    );
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.problems[0]).toMatchObject({ code: "extra-h1", field: "fields.body" });

    pageCache.set("system /about", { body: Buffer.from("old"), headers: [], leafData: null, dataVersion: 0 });
    const published = await savePage(
      "about",
      { document: await aboutWith("Published words."), intent: "publish" },
      admin,
    );
    expect(published).toMatchObject({ ok: true, state: "published" });
    expect(await aboutText()).toContain("Published words.");
    // The sitemap says when the live words were published.
    const xml = await (await run(sitemapLoader, getRequest("/sitemap.xml"))).text();
    expect(xml).toMatch(/\/about<\/loc>\s*<lastmod>2030-06-01T08:00:00.000Z<\/lastmod>/);
    expect(xml).not.toMatch(/\/about\/faq<\/loc>\s*<lastmod>/);
    // The cached About page went with the publish.
    expect(pageCache.get("system /about", 0)).toBeUndefined();
    const history = await pageHistory("about");
    expect(history.revisions.map((r) => [r.kind, r.createdBy, r.live])).toEqual([
      ["published", "admin", true],
      ["draft", "eddie", false],
      ["original", "site", false],
    ]);
    const audit = await getDb().selectFrom("audit_events").select("action").where("entity", "=", "page").execute();
    expect(audit.map((e) => e.action)).toEqual(expect.arrayContaining(["page.draft-saved", "page.published"]));
  });

  it("previews the edit form's unsaved words as visitors will see them, saving nothing", async () => {
    const { cookie } = await adminCookie();
    const about = (await pageForEditing("about")).document;
    const form = new FormData();
    form.set("fields.heading", about.fields.heading);
    form.set("fields.body", "# Twice\n\nWords typed but **never saved**.");
    form.set("intent", "preview");
    const post = (headers: Record<string, string>) =>
      run(
        previewAction,
        new Request(`${BASE}/preview/pages/about`, {
          method: "POST",
          body: form,
          headers: { "Sec-Fetch-Site": "same-origin", Origin: BASE, ...headers },
        }),
        { key: "about" },
      );
    const shown = await post({ Cookie: cookie });
    expect(shown.status).toBe(200);
    expect(shown.headers.get("Cache-Control")).toBe("private, no-store");
    const preview = await bodyOf(shown);
    expect(preview.state).toBe("unsaved");
    expect(preview.page.fields.bodyHtml).toContain("Words typed but <strong>never saved</strong>.");
    // What publishing would refuse is said on the preview.
    expect(preview.problems.join(" ")).toContain('"Twice" is a main heading');
    // Nothing was saved: no revision, the public page and the saved preview as before.
    expect(await getDb().selectFrom("site_page_revisions").select("id").execute()).toEqual([]);
    expect(await aboutText()).not.toContain("never saved");
    // A visitor posting the same gets the 404 of an unknown address.
    expect((await post({})).status).toBe(404);
  });

  it("publishes at a time: not before, at once after, and the page cache ends then", async () => {
    const at = new Date(EDITING_T0 + 60 * 60_000).toISOString();
    const saved = await savePage(
      "about",
      { document: await aboutWith("Words for later."), intent: "schedule", publishAt: at },
      admin,
    );
    expect(saved).toMatchObject({ ok: true, state: "scheduled" });
    expect(await aboutText()).not.toContain("Words for later.");
    expect(await nextScheduledPublish()).toBe(Date.parse(at));
    world.time = Date.parse(at);
    expect(await aboutText()).toContain("Words for later.");
    await expect(
      savePage(
        "about",
        { document: await aboutWith("x"), intent: "schedule", publishAt: new Date(EDITING_T0).toISOString() },
        admin,
      ),
    ).rejects.toThrow(PageRefusal);
  });

  it("reaches site search at its Publish at time, not at the next re-index", async () => {
    const found = async (word: string) => (await searchSite(word, 1)).hits.map((hit) => hit.url);
    // A search before: the index is whole, and this answer is kept a while.
    expect(await found("zanzibarian")).toEqual([]);
    const at = new Date(EDITING_T0 + 30 * 60_000).toISOString();
    await savePage(
      "about",
      { document: await aboutWith("Our zanzibarian clinics open soon."), intent: "schedule", publishAt: at },
      admin,
    );
    world.time = Date.parse(at) - 1000;
    expect(await found("zanzibarian")).toEqual([]);
    // At its time the first search (on any instance: the mark is in the database) re-indexes the pages.
    world.time = Date.parse(at) + 1000;
    expect(await found("zanzibarian")).toEqual(["/about"]);
    const marks = await getDb()
      .selectFrom("charity_settings")
      .select("value")
      .where("key", "=", "search_index_pages_live_from")
      .execute();
    expect(marks).toEqual([{ value: at }]);
    // The old words left with the old revision.
    expect(await found("chapter")).not.toContain("/about");
  });

  it("restores an earlier version as a new revision, a draft or published", async () => {
    await savePage("about", { document: await aboutWith("First words."), intent: "publish" }, admin);
    const first = (await pageHistory("about")).revisions[0].id;
    await savePage("about", { document: await aboutWith("Second words."), intent: "publish" }, admin);
    const compared = await compareWithLive("about", first);
    expect(compared.diff).toEqual(
      expect.arrayContaining([
        { op: "removed", text: "Second words." },
        { op: "added", text: "First words." },
      ]),
    );
    const asDraft = await restoreRevision("about", first, false, admin);
    expect(asDraft).toMatchObject({ ok: true, state: "draft" });
    expect(await aboutText()).toContain("Second words.");
    const published = await restoreRevision("about", first, true, admin);
    expect(published.ok).toBe(true);
    expect(await aboutText()).toContain("First words.");
    const revisions = (await pageHistory("about")).revisions;
    expect(revisions).toHaveLength(5);
    // Numbered within the page's own history (the first save after the original words is 2),
    // whatever ids other pages' revisions took; the restore names the version it came from so.
    expect(revisions.map((r) => r.number)).toEqual([5, 4, 3, 2, 1]);
    expect(revisions[0]).toMatchObject({
      kind: "restored",
      live: true,
      note: expect.stringMatching(/^Restored from version 2 \(\d{4}-\d{2}-\d{2}\)$/),
    });
    // The original words come back too.
    const original = revisions[revisions.length - 1];
    expect(original.kind).toBe("original");
    await restoreRevision("about", original.id, true, admin);
    expect(await aboutText()).toContain("is the UK chapter of an international medical health charity");
  });

  it("lets editors write and submit; admins publish, or let editors; legal pages need an admin", async () => {
    await expect(
      savePage("about", { document: await aboutWith("Editor words."), intent: "publish" }, editor),
    ).rejects.toThrow(/does not publish pages/);
    expect((await savePage("about", { document: await aboutWith("Editor words."), intent: "submit" }, editor)).ok).toBe(
      true,
    );
    expect((await staffPageList()).find((p) => p.key === "about")?.state).toBe("submitted");
    await expect(restoreRevision("about", (await pageHistory("about")).revisions[0].id, true, editor)).rejects.toThrow(
      PageRefusal,
    );
    await setEditorsMayPublish(true, "admin");
    expect(
      (await savePage("about", { document: await aboutWith("Editor words."), intent: "publish" }, editor)).ok,
    ).toBe(true);
    expect(await aboutText()).toContain("Editor words.");
    const terms = (await pageForEditing("terms")).document;
    await expect(savePage("terms", { document: terms, intent: "publish" }, editor)).rejects.toThrow(/Only an admin/);
    expect((await savePage("terms", { document: terms, intent: "draft" }, editor)).ok).toBe(true);
    expect((await savePage("terms", { document: terms, intent: "publish" }, admin)).ok).toBe(true);
  });

  it("lists published links to addresses that do not exist", async () => {
    expect(await brokenLinks()).toEqual([]);
    await savePage(
      "about",
      {
        document: await aboutWith("See [our old projects page](/old-projects) and [the team](/about/team)."),
        intent: "publish",
      },
      admin,
    );
    const broken = await brokenLinks();
    expect(broken).toEqual([
      expect.objectContaining({ source: "About us", href: "/old-projects", text: "our old projects page" }),
    ]);
    expect((await brokenLinks({ without: ["/about/team"] })).map((l) => l.href)).toEqual([
      "/old-projects",
      "/about/team",
    ]);
    // Before an article goes: the pages that link to it.
    const article = await createNews(getDb(), {
      title: "Gala night",
      content: "Text.",
      status: "published",
      publishAt: new Date(EDITING_T0 - 60_000).toISOString(),
    });
    await savePage(
      "faq",
      {
        document: {
          fields: { heading: "FAQ" },
          lists: { questions: [{ question: "What happened?", answer: `Read [about the gala](/news/${article.id}).` }] },
        },
        intent: "publish",
      },
      admin,
    );
    expect(await linksTo(`/news/${article.id}`)).toEqual([
      expect.objectContaining({ source: "FAQ", text: "about the gala" }),
    ]);
    expect((await brokenLinks()).map((l) => l.href)).toEqual(["/old-projects"]);
  });

  it("warns, before a published project is unpublished or renamed, which published pages link to it", async () => {
    const { cookie } = await adminCookie();
    const project = await getDb()
      .selectFrom("projects")
      .select(["id", "slug"])
      .where("state", "=", "published")
      .executeTakeFirstOrThrow();
    const path = `/projects/${project.slug}`;
    await savePage(
      "about",
      { document: await aboutWith(`Read about [the project](${path}).`), intent: "publish" },
      admin,
    );
    // The edit form as the staff page fills it, posted with a change.
    const { project: shown } = await bodyOf(
      await run(projectEditLoader, getRequest(`/admin/dashboard/projects/${project.id}`, { cookie }), {
        id: String(project.id),
      }),
    );
    const post = (changes: Record<string, string>) => {
      const form = new FormData();
      const values = shown.values as Record<string, unknown>;
      for (const name of ["title", "slug", "summary", "status", "body", "card_alt"])
        form.set(name, String(values[name]));
      form.set("has_card", "on");
      if (values.in_menu) form.set("in_menu", "on");
      if (values.in_footer) form.set("in_footer", "on");
      (values.gallery as { id: number; alt: string; position: number }[]).forEach((picture, i) => {
        form.set(`gallery[${i}].id`, String(picture.id));
        form.set(`gallery[${i}].alt`, picture.alt);
        form.set(`gallery[${i}].position`, String(picture.position));
      });
      for (const [name, value] of Object.entries(changes)) form.set(name, value);
      return run(
        projectAction,
        new Request(`${BASE}/admin/dashboard/projects/${project.id}`, {
          method: "POST",
          body: form,
          headers: { Cookie: cookie, "Sec-Fetch-Site": "same-origin", Origin: BASE },
        }),
        { id: String(project.id) },
      );
    };
    // Unpublishing: the confirmation step lists About; nothing is saved.
    const asked = await post({ intent: "unpublish" });
    expect(asked.status).toBe(409);
    const warning = (await bodyOf(asked)).linkWarning;
    expect(warning).toMatchObject({ kind: "unpublish", path, to: null });
    expect(warning.links).toEqual([expect.objectContaining({ source: "About us", text: "the project" })]);
    expect(
      (await getDb().selectFrom("projects").select("state").where("id", "=", project.id).executeTakeFirstOrThrow())
        .state,
    ).toBe("published");
    // Renaming (published now): the old address will redirect; the same pages are listed. A draft moves nothing yet.
    const rename = await bodyOf(await post({ intent: "publish", slug: "a-new-address" }));
    expect(rename.linkWarning).toMatchObject({ kind: "rename", path, to: "/projects/a-new-address" });
    expect((await post({ intent: "draft", slug: "a-new-address" })).status).toBe(303);
    // A confirmation of another change does not pass; this one's does, and the project is off the site.
    expect((await post({ intent: "unpublish", confirm_links: rename.linkWarning.confirm })).status).toBe(409);
    expect((await post({ intent: "unpublish", confirm_links: warning.confirm })).status).toBe(303);
    // After: the link checker lists the broken link.
    const after = await bodyOf(await run(linkCheckLoader, getRequest("/admin/dashboard/pages/links", { cookie })));
    expect(after.links).toEqual([expect.objectContaining({ source: "About us", href: path })]);
  });

  it("warns, before a redirect is removed, which published pages link to its old address", async () => {
    const { cookie } = await adminCookie();
    await addRedirect({ from: "/old-about-us", to: "/about" }, admin);
    await savePage(
      "faq",
      {
        document: {
          fields: { heading: "FAQ" },
          lists: { questions: [{ question: "Who?", answer: "See [who we are](/old-about-us)." }] },
        },
        intent: "publish",
      },
      admin,
    );
    const id = (
      await getDb()
        .selectFrom("redirects")
        .select("id")
        .where("from_path", "=", "/old-about-us")
        .executeTakeFirstOrThrow()
    ).id;
    const remove = (fields: Record<string, string>) =>
      run(
        redirectsAction,
        postForm("/admin/dashboard/redirects", { intent: "remove", id: String(id), ...fields }, { cookie }),
      );
    const asked = await remove({});
    expect(asked.status).toBe(409);
    const { linkWarning } = await bodyOf(asked);
    expect(linkWarning).toMatchObject({ kind: "remove", path: "/old-about-us" });
    expect(linkWarning.links).toEqual([expect.objectContaining({ source: "FAQ", text: "who we are" })]);
    expect(await brokenLinks()).toEqual([]);
    expect((await remove({ confirm_links: linkWarning.confirm })).status).toBe(303);
    expect((await brokenLinks()).map((link) => link.href)).toEqual(["/old-about-us"]);
  });

  it("takes a team member's photo through the image pipeline, with its alt text required", async () => {
    const { cookie } = await adminCookie();
    const team = (await pageForEditing("team")).document;
    const form = new FormData();
    for (const [name, value] of Object.entries(team.fields)) form.append(`fields.${name}`, value);
    team.lists.people.forEach((person, i) => {
      for (const [name, value] of Object.entries(person)) form.append(`lists.people[${i}].${name}`, value);
    });
    const bytes = await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 9, g: 99, b: 9 } } })
      .jpeg()
      .toBuffer();
    form.set("lists.people[0].photoFile", new File([new Uint8Array(bytes)], "me.jpg", { type: "image/jpeg" }));
    form.set("intent", "publish");
    const post = (body: FormData) =>
      run(
        editAction,
        new Request(`${BASE}/admin/dashboard/pages/team`, {
          method: "POST",
          body,
          headers: { Cookie: cookie, "Sec-Fetch-Site": "same-origin", Origin: BASE },
        }),
        { key: "team" },
      );
    // Without a description the photo is refused, at the alt text.
    const refused = await post(form);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("Describe the picture");
    form.set("lists.people[0].photoFile", new File([new Uint8Array(bytes)], "me.jpg", { type: "image/jpeg" }));
    form.set("lists.people[0].photoAlt", "The chair of trustees, smiling");
    const saved = await post(form);
    expect(saved.status).toBe(303);
    const person = (await publicSitePage("team")).lists.people[0];
    expect(person.photo).toMatch(/^\/uploads\/[a-f0-9]{32}\/480\.jpg$/);
    expect(person.photoAlt).toBe("The chair of trustees, smiling");
  });

  it("takes a hero picture as an upload, described or marked decorative by choice; the seeded hero stays", async () => {
    const { cookie } = await adminCookie();
    const home = (await pageForEditing("home")).document;
    expect(home.lists.slides[0].image).toMatch(/^\/images\//);
    const form = new FormData();
    for (const [name, value] of Object.entries(home.fields)) form.append(`fields.${name}`, value);
    for (const list of ["slides", "pillars", "needs"]) {
      home.lists[list].forEach((item, i) => {
        for (const [name, value] of Object.entries(item)) form.append(`lists.${list}[${i}].${name}`, value);
      });
    }
    const bytes = await sharp({ create: { width: 1000, height: 500, channels: 3, background: { r: 9, g: 9, b: 99 } } })
      .jpeg()
      .toBuffer();
    const choose = () =>
      form.set("lists.slides[0].imageFile", new File([new Uint8Array(bytes)], "hero.jpg", { type: "image/jpeg" }));
    choose();
    form.set("lists.slides[0].alt", "");
    form.set("intent", "publish");
    const post = () =>
      run(
        editAction,
        new Request(`${BASE}/admin/dashboard/pages/home`, {
          method: "POST",
          body: form,
          headers: { Cookie: cookie, "Sec-Fetch-Site": "same-origin", Origin: BASE },
        }),
        { key: "home" },
      );
    // Neither described nor marked decorative: refused at the description.
    const refused = await post();
    expect(refused.status).toBe(400);
    const reply = JSON.stringify(await refused.json());
    expect(reply).toContain("lists.slides[0].alt");
    expect(reply).toContain("or tick Decorative");
    // Marked decorative: stored through the pipeline (its widest size), shown with alt="".
    choose();
    form.set("lists.slides[0].decorative", "on");
    expect((await post()).status).toBe(303);
    const slides = (await publicSitePage("home")).lists.slides;
    expect(slides[0].image).toMatch(/^\/uploads\/[a-f0-9]{32}\/1000\.jpg$/);
    expect(slides[0]).toMatchObject({ alt: "", decorative: "on" });
    // The other seeded slides are as they were.
    expect(slides.slice(1).map((slide) => [slide.image, slide.alt])).toEqual(
      home.lists.slides.slice(1).map((slide) => [slide.image, slide.alt]),
    );
  });
});
