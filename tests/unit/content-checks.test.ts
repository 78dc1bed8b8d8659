import { describe, expect, it } from "vitest";
import { checkContent } from "~/publishing/utils/content-checks";

const codes = (markdown: string, opts?: Parameters<typeof checkContent>[1]) =>
  checkContent(markdown, opts).map((problem) => problem.code);

describe("checkContent", () => {
  it("passes a page with one h1, sections in order, described images and telling links", () => {
    const page = [
      "# About us",
      "",
      "We are a charity. Read [our annual report](/publications).",
      "",
      "## Our work",
      "",
      "![A nurse at the clinic in the village](/images/clinic.jpg)",
      "",
      "### Clinics",
      "",
      '![](/images/swirl.svg "decorative")',
      "",
      "## Contact",
    ].join("\n");
    expect(checkContent(page)).toEqual([]);
  });

  it("refuses an image without alt text unless it is marked decorative", () => {
    const problems = checkContent("# T\n\n![](/images/a.png)");
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: "image-alt", line: 3 });
    expect(problems[0].message).toContain("/images/a.png has no alt text");
    expect(codes('# T\n\n![](/images/a.png "Decorative")')).toEqual([]);
    expect(codes('# T\n\n![](/images/a.png "a photo")')).toEqual(["image-alt"]);
  });

  it("refuses a heading level that jumps", () => {
    const problems = checkContent("# Title\n\n### Too deep");
    expect(problems.map((p) => p.code)).toEqual(["heading-jump"]);
    expect(problems[0].message).toContain("jumps from level 1 to level 3");
    expect(codes("# T\n\n## A\n\n### B\n\n## C\n\n### D")).toEqual([]);
  });

  it("refuses vague link words and bare addresses", () => {
    expect(codes("# T\n\n[Click here](/donate) to give.")).toEqual(["link-vague"]);
    expect(codes("# T\n\nMore [here](/donate).")).toEqual(["link-vague"]);
    expect(codes("# T\n\n[Read more…](/news)")).toEqual(["link-vague"]);
    expect(codes("# T\n\nSee https://example.org/report for it.")).toEqual(["link-bare-url"]);
    expect(codes("# T\n\n<https://example.org>")).toEqual(["link-bare-url"]);
    expect(codes("# T\n\n[https://example.org](https://example.org)")).toEqual(["link-bare-url"]);
    expect(codes("# T\n\n[Read our report](https://example.org)")).toEqual([]);
  });

  it("refuses an empty heading or link", () => {
    expect(codes("# T\n\n## \n\nText")).toContain("heading-empty");
    expect(codes("# T\n\n[](/donate)")).toEqual(["link-empty"]);
  });

  it("refuses a page without an h1, or with two", () => {
    const problems = checkContent("## Only a section\n\nText");
    expect(problems.map((p) => p.code)).toEqual(["no-h1"]);
    expect(problems[0].message).toContain("no main heading");
    expect(codes("# One\n\n# Two")).toEqual(["extra-h1"]);
  });

  it("with the title as the h1, the body starts at h2 and has no h1", () => {
    expect(codes("Some words.\n\n## Section", { titleIsH1: true })).toEqual([]);
    expect(codes("### Too deep", { titleIsH1: true })).toEqual(["heading-jump"]);
    expect(codes("# Another h1", { titleIsH1: true })).toEqual(["extra-h1"]);
  });

  it("checks a fragment under its base level, naming the field", () => {
    expect(codes("An answer with [a link](/about).", { fragment: true })).toEqual([]);
    const problems = checkContent("[click here](/x)", { fragment: true, field: "Answer 2" });
    expect(problems[0].message).toMatch(/^Answer 2: The link "click here"/);
    expect(codes("#### Deep", { fragment: true, baseLevel: 2 })).toEqual(["heading-jump"]);
  });
});

describe("a decorative image as rendered", () => {
  it("keeps an empty alt and loses its title", async () => {
    const { renderMarkdown } = await import("~/infra/markdown.server");
    expect(renderMarkdown('![](/images/swirl.svg "decorative")')).toContain('<img src="/images/swirl.svg" alt="">');
  });
});
