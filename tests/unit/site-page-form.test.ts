// The site editor's form rules (app/publishing/schemas/site-pages.ts), as the server parses a post.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { sitePageDef, sitePageFormSchema } from "~/publishing/schemas/site-pages";

function post(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

describe("a page's form", () => {
  const faq = sitePageFormSchema(sitePageDef("faq")!);

  it("drops the blank item at a list's end and keeps the others", () => {
    const submission = parseWithZod(
      post({
        "fields.heading": "FAQ",
        "lists.questions[0].question": "Why?",
        "lists.questions[0].answer": "Because.",
        "lists.questions[1].question": "",
        "lists.questions[1].answer": "",
        intent: "draft",
      }),
      { schema: faq },
    );
    expect(submission.status).toBe("success");
    if (submission.status === "success") {
      expect(submission.value.lists).toEqual({ questions: [{ question: "Why?", answer: "Because." }] });
    }
  });

  it("refuses a started item without its other fields, and a missing heading", () => {
    const submission = parseWithZod(
      post({ "fields.heading": "", "lists.questions[0].question": "Why?", intent: "publish" }),
      { schema: faq },
    );
    expect(submission.status).toBe("error");
    const errors = submission.status === "error" ? submission.error : {};
    expect(Object.keys(errors ?? {})).toEqual(expect.arrayContaining(["fields.heading", "lists.questions[0].answer"]));
  });

  it("keeps optional fields left empty as empty words", () => {
    const team = sitePageFormSchema(sitePageDef("team")!);
    const submission = parseWithZod(
      post({
        "fields.heading": "Our Team",
        "fields.intro": "Intro",
        "fields.trusteesHeading": "Trustees",
        "fields.staffHeading": "Staff",
        "lists.people[0].name": "Ann",
        "lists.people[0].role": "Chair",
        "lists.people[0].group": "trustee",
        intent: "draft",
      }),
      { schema: team },
    );
    expect(submission.status).toBe("success");
    if (submission.status === "success") {
      expect(submission.value.lists.people).toEqual([
        { name: "Ann", role: "Chair", group: "trustee", photo: "", photoAlt: "", photoDecorative: "", bio: "" },
      ]);
    }
  });
});

describe("the site editor's helpers", () => {
  it("compare two versions line by line", async () => {
    const { lineDiff } = await import("~/publishing/services/site-pages.server");
    expect(lineDiff(["a", "b", "c"], ["a", "c", "d"])).toEqual([
      { op: "same", text: "a" },
      { op: "removed", text: "b" },
      { op: "same", text: "c" },
      { op: "added", text: "d" },
    ]);
  });

  it("read a link's site address, and leave other sites, mail and anchors alone", async () => {
    const { internalPath } = await import("~/publishing/services/link-check.server");
    const origin = "https://charity.test";
    expect(internalPath("/about/team/", origin)).toBe("/about/team");
    expect(internalPath("https://charity.test/news/3?x=1#top", origin)).toBe("/news/3");
    expect(internalPath("https://elsewhere.test/about", origin)).toBeNull();
    expect(internalPath("mailto:info@example.org", origin)).toBeNull();
    expect(internalPath("#section", origin)).toBeNull();
  });

  it("drop the cached pages made of the site's own pages when one is published", async () => {
    const { pagesShowing } = await import("~/site/services/pages-changed.server");
    const shows = pagesShowing["site-pages"];
    for (const path of ["/", "/about", "/about/faq", "/get-involved/internships", "/donate", "/privacy", "/terms"]) {
      expect(shows(path), path).toBe(true);
    }
    expect(shows("/news")).toBe(false);
  });
});
