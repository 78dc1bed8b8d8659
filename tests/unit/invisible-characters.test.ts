import { describe, expect, it } from "vitest";
import { cleanPath } from "~/utils/invisible-characters";

describe("cleanPath", () => {
  it("returns null for a clean path", () => {
    expect(cleanPath("/projects/primary-care")).toBeNull();
    expect(cleanPath("/news/%C3%A9t%C3%A9")).toBeNull();
  });

  it("strips percent-encoded zero-width characters", () => {
    expect(cleanPath("/projects/%E2%80%8Bprimary-care")).toBe("/projects/primary-care");
    expect(cleanPath("/projects/primary%E2%80%8C-care%EF%BB%BF")).toBe("/projects/primary-care");
  });

  it("strips raw invisible characters", () => {
    expect(cleanPath("/projects/\u200Beducation")).toBe("/projects/education");
    expect(cleanPath("/\u2060about")).toBe("/about");
  });

  it("does not turn a path into a protocol-relative URL", () => {
    expect(cleanPath("/\u200B/evil.example")).toBe("/evil.example");
  });

  it("ignores paths that cannot be decoded", () => {
    expect(cleanPath("/bad%E0%A4%A")).toBeNull();
  });
});
