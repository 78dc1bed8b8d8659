import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every page of the staff dashboard answers a missing record (404), a refused role (403) or a bad
// request (400) with the one staff error boundary, inside the dashboard, so its navigation stays on
// screen. A new page that forgets it would bubble to the site-wide error page and lose the dashboard.
const dashboard = path.resolve("app/routes/admin+/dashboard+");

function pageModules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return fs.existsSync(path.join(full, "route.tsx")) ? [path.join(full, "route.tsx")] : [];
    // .ts modules are resource routes (CSV and JSON downloads): they render nothing.
    return entry.name.endsWith(".tsx") && entry.name !== "_layout.tsx" ? [full] : [];
  });
}

describe("the staff error boundary", () => {
  const modules = pageModules(dashboard);

  it("finds the dashboard's pages", () => {
    expect(modules.length).toBeGreaterThan(15);
  });

  it.each(modules.map((file) => [path.relative(dashboard, file)]))("%s exports it", (relative) => {
    const source = fs.readFileSync(path.join(dashboard, relative), "utf8");
    expect(source).toContain(
      'export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";',
    );
  });
});
