import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/utils/safe-redirect";

describe("safeRedirect", () => {
  it.each(["/", "/admin/dashboard", "/news/1?x=1#top", "/a/b/c"])("keeps the on-site path %s", (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([
    ["protocol-relative", "//evil.example"],
    ["protocol-relative with path", "//evil.example/admin"],
    ["backslash host", "/\\evil.example"],
    ["tab before host", "/\tevil.example"],
    ["slash tab slash", "/\t/evil.example"],
    ["newline", "/\n/evil.example"],
    ["carriage return", "/\r/evil.example"],
    ["null byte", "/\u0000/evil.example"],
    ["DEL", "/\u007f/evil.example"],
    ["leading space", " /admin"],
    ["backslashes only", "\\\\evil.example"],
    ["absolute http URL", "http://evil.example"],
    ["absolute https URL", "https://evil.example/"],
    ["javascript URL", "javascript:alert(1)"],
    ["relative path", "admin"],
    ["empty", ""],
  ])("rejects %s", (_name, path) => {
    expect(safeRedirect(path, "/fallback")).toBe("/fallback");
  });

  it.each([
    ["an ideographic full stop", "/\u3002x", "/%E3%80%82x"],
    ["an emoji", "/\u{1F600}", "/%F0%9F%98%80"],
    ["a query and a fragment", "/news?q=caf\u00e9#\u00e9", "/news?q=caf%C3%A9#%C3%A9"],
  ])("percent-encodes %s, so the Location header stays valid", (_name, path, encoded) => {
    const target = safeRedirect(path, "/fallback");
    expect(target).toBe(encoded);
    expect(() => new Headers({ Location: target })).not.toThrow();
  });

  it("rejects non-string values and overlong paths", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect(new File([], "x"))).toBe("/");
    expect(safeRedirect(`/${"a".repeat(3000)}`)).toBe("/");
  });
});
