import { describe, expect, it } from "vitest";
import { markdownToMailText } from "~/infra/markdown.server";

describe("markdownToMailText (a newsletter's text part)", () => {
  it("keeps paragraphs, drops emphasis marks and writes a link's address after its words", () => {
    expect(markdownToMailText("Hello **world**, see [the report](https://example.org/r).\n\nBye *now*.")).toBe(
      "Hello world, see the report (https://example.org/r).\n\nBye now.",
    );
  });

  it("does not repeat a bare address, and keeps list markers on consecutive lines", () => {
    expect(markdownToMailText("Visit https://example.org today\n\n- one\n- two\n\n3. three\n4. four")).toBe(
      "Visit https://example.org today\n\n- one\n- two\n3. three\n4. four",
    );
  });

  it("shows typed markup as text, never as HTML", () => {
    expect(markdownToMailText("<script>alert(1)</script>")).toBe("<script>alert(1)</script>");
  });
});
