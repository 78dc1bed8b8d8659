// Where route helpers live (README "Layers", issue 49): app/routes/_glue/ holds the HTTP glue that
// does something (guards, redirects, answers); app/routes/_imports/ holds files that only name what
// one page's route needs of the server (re-exports, so the page's browser bundle stays small). A
// re-export-only file added to _glue, or logic added to an _imports file, fails here.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROUTES = path.join(process.cwd(), "app/routes");

/** The source without comments and without `export … from "…"` statements: what is left is logic. */
function logicOf(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\/\/.*$/gm, "")
    .replace(/export\s+(?:type\s+)?\{[^}]*\}\s*from\s*"[^"]+";?/g, "")
    .replace(/export\s+\*\s+(?:as\s+\w+\s+)?from\s*"[^"]+";?/g, "")
    .trim();
}

const filesOf = (folder: string) =>
  fs
    .readdirSync(path.join(ROUTES, folder))
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => ({ name, source: fs.readFileSync(path.join(ROUTES, folder, name), "utf8") }));

describe("route helpers: glue apart from names-only imports", () => {
  it("tells logic from re-exports", () => {
    expect(logicOf('// a\nexport { a, b } from "~/x";\nexport type { C } from "~/y";')).toBe("");
    expect(logicOf('export { a } from "~/x";\nexport const b = 1;')).toBe("export const b = 1;");
  });

  it("every _imports file only re-exports", () => {
    const files = filesOf("_imports");
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => logicOf(file.source) !== "").map((file) => file.name)).toEqual([]);
  });

  it("no _glue file only re-exports (it belongs in _imports)", () => {
    expect(
      filesOf("_glue")
        .filter((file) => logicOf(file.source) === "")
        .map((file) => file.name),
    ).toEqual([]);
  });
});
