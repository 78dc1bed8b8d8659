import { describe, expect, it } from "vitest";
import { slugify } from "~/utils/slug";

describe("slugify", () => {
  it("makes a web address from a title: lower case, accents dropped, one hyphen between words", () => {
    expect(slugify("Spring appeal: 2026!", "x")).toBe("spring-appeal-2026");
    expect(slugify("  Café — Crème brûlée  ", "x")).toBe("cafe-creme-brulee");
  });

  it("keeps at most 80 characters and never ends in a hyphen", () => {
    const slug = slugify(`${"a".repeat(79)} b`, "x");
    expect(slug).toBe("a".repeat(79));
  });

  it("falls back when nothing of the title is left", () => {
    expect(slugify("!!! ???", "event")).toBe("event");
    expect(slugify("", "newsletter")).toBe("newsletter");
  });
});
