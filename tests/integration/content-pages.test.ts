import { beforeEach, describe, expect, it } from "vitest";
import { SAMPLE_ARTICLES, seedDatabase } from "../../db/seed";
import { createNews } from "~/publishing/models/news.server";
import { loader as rootLoader } from "~/root";
import { loader as homeLoader } from "~/routes/_public+/_index";
import { loader as getInvolvedLoader } from "~/routes/_public+/get-involved.$page";
import { loader as projectLoader } from "~/routes/_public+/projects.$slug";
import { getDb } from "~/infra/db.server";
import { resetDatabase } from "./helpers";

const args = (url: string, params: Record<string, string> = {}) =>
  ({ request: new Request(new URL(url, "http://localhost").toString()), params, context: {} }) as any;

async function thrownBy(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected the loader to throw a Response");
}

beforeEach(resetDatabase);

describe("home loader: Recent Activities", () => {
  it("returns the three newest seeded articles, with only the fields a card shows", async () => {
    await seedDatabase(getDb(), { adminUsername: "admin", adminPassword: "a-long-enough-test-password" });
    const response = await homeLoader(args("/"));
    const { articles } = await response.json();
    expect(articles.map((a: { title: string }) => a.title)).toEqual([
      "Charity Gala Dinner: Sunday 5 October 2025",
      "Prosthetic Limb Centre Reaches a New Milestone",
      "Flood Relief: Food Parcels Delivered",
    ]);
    for (const article of articles) {
      expect(Object.keys(article).sort()).toEqual(["content", "createdAt", "id", "image", "imageUrl", "title"]);
    }
    const gala = SAMPLE_ARTICLES[0];
    // Only as much text as the card's 150-character preview needs.
    expect(articles[0]).toMatchObject({
      content: gala.content.replace(/\s+/g, " ").trim().slice(0, 151),
      createdAt: gala.created_at,
      imageUrl: null,
    });
    expect(articles[0].id).toEqual(expect.any(Number));
  });

  it("follows the database: a new article comes first and the oldest of the three drops off", async () => {
    await seedDatabase(getDb(), { adminUsername: "admin", adminPassword: "a-long-enough-test-password" });
    const fresh = await createNews(getDb(), { title: "Written in the admin a moment ago", content: "Hello." });
    const { articles } = await (await homeLoader(args("/"))).json();
    expect(articles.map((a: { id: number }) => a.id)[0]).toBe(fresh.id);
    expect(articles.map((a: { title: string }) => a.title)).toEqual([
      "Written in the admin a moment ago",
      "Charity Gala Dinner: Sunday 5 October 2025",
      "Prosthetic Limb Centre Reaches a New Milestone",
    ]);
  });

  it("returns no articles from an empty database", async () => {
    const { articles } = await (await homeLoader(args("/"))).json();
    expect(articles).toEqual([]);
  });
});

describe("project detail loader", () => {
  it("returns a known project", async () => {
    const { project } = await (await projectLoader(args("/projects/flood-relief", { slug: "flood-relief" }))).json();
    expect(project).toMatchObject({ slug: "flood-relief", title: "Food and Flood Relief", status: "Active" });
    expect(project.gallery.length).toBeGreaterThan(0);
  });

  it.each(["no-such-project", "", "FLOOD-RELIEF", "flood-relief/", "\u200Bprimary-care"])(
    "answers 404 for %j",
    async (slug) => {
      const response = await thrownBy(projectLoader(args(`/projects/x`, { slug })));
      expect(response.status).toBe(404);
      expect(response.statusText).toBe("Not Found");
    },
  );
});

describe("Get Involved page loader", () => {
  it.each(["share-my-day", "memoriam", "volunteers", "internships", "advisors"])("returns %s", async (page) => {
    const data = await (await getInvolvedLoader(args(`/get-involved/${page}`, { page }))).json();
    expect(data.page.slug).toBe(page);
    expect(data.mailto).toMatch(/^mailto:/);
  });

  it.each(["nope", "", "constructor", "__proto__"])("answers 404 for %j", async (page) => {
    const response = await thrownBy(getInvolvedLoader(args(`/get-involved/x`, { page })));
    expect(response.status).toBe(404);
  });
});

describe("root loader and invisible characters", () => {
  it("redirects /projects/%E2%80%8Bprimary-care permanently to /projects/primary-care", async () => {
    const response = await thrownBy(rootLoader(args("/projects/%E2%80%8Bprimary-care")));
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/projects/primary-care");
  });

  it("leaves clean project addresses alone", async () => {
    const response = await rootLoader(args("/projects/primary-care"));
    expect(response.status).toBe(200);
  });
});
