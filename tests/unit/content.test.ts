import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getGetInvolvedPage, getInvolvedMailto, getInvolvedPages } from "~/content/get-involved";
import { heroSlides } from "~/content/hero";
import { SEEDED_PROJECTS as projects } from "../../db/migrations/0044_projects_redirects";
import { site } from "~/content/site";
import { cleanPath } from "~/utils/invisible-characters";

const publicFile = (src: string) => path.join(process.cwd(), "public", src);

/** The width and height an SVG file declares on its root element. */
function svgSize(src: string): { width: number; height: number } {
  const text = fs.readFileSync(publicFile(src), "utf8");
  const root = text.match(/<svg\b[^>]*>/)![0];
  return { width: Number(root.match(/\bwidth="(\d+)"/)![1]), height: Number(root.match(/\bheight="(\d+)"/)![1]) };
}

describe("projects", () => {
  it("have unique slugs free of invisible characters", () => {
    const slugs = projects.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) {
      expect(slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(cleanPath(`/projects/${slug}`)).toBeNull();
      expect(slug).not.toBe("recent"); // /projects/recent is the Recent tab
    }
  });

  it("include the four Active cards of the specification, in the menu, and the footer's projects", () => {
    const activeProjects = projects.filter((p) => p.status === "Active");
    expect(activeProjects.map((p) => p.slug)).toEqual(["flood-relief", "primary-care", "education", "public-health"]);
    // The menu lists the four cards; the footer the specification's four projects.
    expect(projects.filter((p) => p.inMenu)).toEqual(activeProjects);
    expect(projects.filter((p) => p.inFooter).map((p) => p.slug)).toEqual([
      "flood-relief",
      "palliative-care",
      "water-filtration",
      "gender-equality",
    ]);
    for (const slug of ["palliative-care", "water-filtration", "gender-equality"]) {
      expect(projects.find((p) => p.slug === slug)!.status).not.toBe("Active");
    }
  });

  it("have every picture on disk with the size the page declares, and alt text", () => {
    for (const project of projects) {
      expect(svgSize(project.image)).toEqual({ width: 800, height: 500 });
      expect(project.imageAlt.length).toBeGreaterThan(10);
      expect(project.gallery.length).toBeGreaterThan(0);
      for (const image of project.gallery) {
        expect(svgSize(image.src), image.src).toEqual({ width: image.width, height: image.height });
        expect(image.alt.length).toBeGreaterThan(5);
      }
    }
  });
});

describe("home content", () => {
  it("has every hero picture on disk with the size the page declares, alt text and a caption", () => {
    for (const slide of heroSlides) {
      expect(svgSize(slide.src)).toEqual({ width: 1200, height: 500 });
      expect(slide.alt).not.toBe("");
      expect(slide.caption).not.toBe("");
    }
  });

  it("keeps SVG artwork free of scripts and external references", () => {
    const dirs = ["images/hero", "images/projects"];
    for (const dir of dirs) {
      for (const file of fs.readdirSync(publicFile(dir))) {
        const text = fs.readFileSync(publicFile(`${dir}/${file}`), "utf8");
        expect(text, file).not.toMatch(/<script|href=|on\w+=|<foreignObject/i);
        expect(text.length, file).toBeLessThan(8000);
      }
    }
  });
});

describe("get involved content", () => {
  it("finds a page by its own slug only, never by an inherited object key", () => {
    expect(getGetInvolvedPage("internships")!.slug).toBe("internships");
    expect(getGetInvolvedPage("toString")).toBeUndefined();
    expect(getGetInvolvedPage("__proto__")).toBeUndefined();
  });

  it("sends every enquiry to the charity's address with the page as subject", () => {
    for (const page of getInvolvedPages) {
      const url = new URL(getInvolvedMailto(page));
      expect(url.protocol).toBe("mailto:");
      expect(url.pathname).toBe(site.email);
      expect(url.searchParams.get("subject")).toBe(page.emailSubject);
    }
  });
});
