import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { aboutTabs, historyMilestones } from "~/content/about";
import { faq } from "~/content/faq";
import {
  featuredGetInvolvedPages,
  getGetInvolvedPage,
  getInvolvedMailto,
  getInvolvedPages,
} from "~/content/get-involved";
import { HERO_INTERVAL_MS, heroSlides } from "~/content/hero";
import { privacyPolicy } from "~/content/legal";
import { mission } from "~/content/mission";
import { footerLinks, mainNavigation } from "~/content/navigation";
import { currentNeeds } from "~/content/needs";
import { activeProjects, getProject, projects } from "~/content/projects";
import { site } from "~/content/site";
import { historyCountries } from "~/content/statistics";
import { officers, trustees } from "~/content/team";
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

  it("include the four Active cards of the specification and the footer's projects", () => {
    expect(activeProjects.map((p) => p.slug)).toEqual(["flood-relief", "primary-care", "education", "public-health"]);
    expect(activeProjects.every((p) => p.status === "Active")).toBe(true);
    for (const link of footerLinks.projects) {
      expect(getProject(link.to.replace("/projects/", "")), link.to).toBeDefined();
    }
    for (const slug of ["palliative-care", "water-filtration", "gender-equality"]) {
      expect(getProject(slug)!.status).not.toBe("Active");
    }
    const projectMenu = mainNavigation.find((item) => item.to === "/projects")!;
    for (const child of projectMenu.children!) {
      expect(getProject(child.to.replace("/projects/", "")), child.to).toBeDefined();
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
  it("has four hero slides with pictures, alt text and captions, advancing every 5000 ms", () => {
    expect(HERO_INTERVAL_MS).toBe(5000);
    expect(heroSlides).toHaveLength(4);
    for (const slide of heroSlides) {
      expect(svgSize(slide.src)).toEqual({ width: 1200, height: 500 });
      expect(slide.alt).not.toBe("");
      expect(slide.caption).not.toBe("");
    }
  });

  it("has the three mission pillars and the three current needs", () => {
    expect(mission.pillars.map((p) => p.title)).toEqual([
      "Healthcare Access",
      "Education & Support",
      "Community Partnerships",
    ]);
    expect(currentNeeds.map((n) => n.title)).toEqual([
      "Prosthetic Limb Centre",
      "Supplementary Education",
      "Healthcare Access",
    ]);
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

describe("about content", () => {
  it("has the four tabs in order", () => {
    expect(aboutTabs.map((t) => [t.label, t.to])).toEqual([
      ["Overview", "/about"],
      ["Our Team", "/about/team"],
      ["History", "/about/history"],
      ["FAQ", "/about/faq"],
    ]);
  });

  it("tells the history with the specification's dates and 19 countries", () => {
    const text = historyMilestones.map((m) => `${m.period} ${m.text}`).join(" ");
    expect(text).toContain("November 2010");
    expect(text).toContain("2010-2024");
    expect(text).toContain("December 2024");
    expect(text).toContain(`${historyCountries} countries`);
  });

  it("marks the team's names as placeholders", () => {
    for (const member of [...trustees, ...officers]) expect(member.name).toMatch(/placeholder/i);
  });

  it("answers the three questions the specification lists", () => {
    const questions = faq.map((f) => f.question);
    expect(questions).toEqual(
      expect.arrayContaining(["What does the charity do?", "How can I get involved?", "Where do my donations go?"]),
    );
  });
});

describe("get involved content", () => {
  it("has five pages, three of them with cards", () => {
    expect(getInvolvedPages.map((p) => p.slug)).toEqual([
      "share-my-day",
      "memoriam",
      "volunteers",
      "internships",
      "advisors",
    ]);
    expect(featuredGetInvolvedPages.map((p) => p.title)).toEqual(["Share My Day", "In Memoriam", "Volunteers"]);
    expect(getGetInvolvedPage("internships")!.title).toBe("Internship Program");
    expect(getGetInvolvedPage("advisors")!.title).toBe("Advisory Board");
    expect(getGetInvolvedPage("toString")).toBeUndefined();
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

describe("privacy policy", () => {
  it("covers everything the site stores and how to ask for removal", () => {
    const stored = privacyPolicy.sections.flatMap((s) => s.items ?? []).map((i) => i.term);
    expect(stored).toEqual([
      "Theme cookie",
      "Staff session cookie",
      "Contact enquiries",
      "Donation pledges",
      "Newsletter addresses",
    ]);
    const text = JSON.stringify(privacyPolicy);
    expect(text).toContain(site.email);
    expect(text).toMatch(/removal/i);
  });
});
