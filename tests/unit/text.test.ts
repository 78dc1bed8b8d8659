import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { preview } from "~/utils/text";

describe("preview", () => {
  it("leaves short text alone, without an ellipsis", () => {
    expect(preview("Short news.", 150)).toBe("Short news.");
  });

  it("cuts long text on a word boundary and adds an ellipsis", () => {
    const text = "The gala raised funds for clinics and classrooms across the region this year";
    const result = preview(text, 30);
    expect(result).toBe("The gala raised funds for…");
    expect(result.length).toBeLessThanOrEqual(31);
  });

  it("folds line breaks into spaces", () => {
    expect(preview("Line one\n\nLine two", 150)).toBe("Line one Line two");
  });

  it("never exceeds the limit plus the ellipsis, and keeps a prefix of the text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), fc.integer({ min: 10, max: 300 }), (text, limit) => {
        const result = preview(text, limit);
        const flat = text.replace(/\s+/g, " ").trim();
        expect(result.length).toBeLessThanOrEqual(limit + 1);
        if (flat.length <= limit) expect(result).toBe(flat);
        else expect(flat.startsWith(result.slice(0, -1))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
