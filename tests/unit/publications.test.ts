// A publication offers a download only when its document is really there: a PDF in public/.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { publications } from "~/content/publications";

describe("publications' downloads", () => {
  it.each(publications.map((publication) => [publication.title, publication.downloadUrl] as const))(
    "%s links to a PDF that exists, or to nothing",
    (_title, url) => {
      if (url === null) return;
      expect(url).toMatch(/^\/downloads\/[\w-]+\.pdf$/);
      const file = path.join("public", url);
      expect(fs.existsSync(file), `${file} exists`).toBe(true);
      expect(fs.readFileSync(file).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    },
  );
});
