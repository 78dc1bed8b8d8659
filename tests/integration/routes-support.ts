// Route modules found on the file system, for tests that must cover every route (the role
// table, the action guard): a new route is covered without anyone remembering to add it.
import fs from "node:fs";
import path from "node:path";

export const ROUTES_DIR = path.resolve(__dirname, "../../app/routes");

/** Route modules as Remix sees them: plain files, and `route.tsx` inside folder routes. */
export function routeModules(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROUTES_DIR, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name.endsWith("+")) found.push(...routeModules(relative));
      else if (fs.existsSync(path.join(ROUTES_DIR, relative, "route.tsx"))) found.push(`${relative}/route.tsx`);
      else if (fs.existsSync(path.join(ROUTES_DIR, relative, "route.ts"))) found.push(`${relative}/route.ts`);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      found.push(relative);
    }
  }
  return found;
}

/** A URL the route answers, every parameter 999999. */
export function urlFor(file: string): string {
  // Good enough for these requests: the path tells the guards which area (and the 2FA rule the account).
  const route = file
    .replace(/\/route\.tsx?$/, "")
    .replace(/\.tsx?$/, "")
    .replace(/^admin\+\/dashboard\+\//, "/admin/dashboard/")
    .replace(/^admin\+\//, "/admin/")
    .replace(/^api\+\//, "/api/")
    .replace(/^_public\+\//, "/")
    .replace(/_index$/, "")
    .replace(/\[\.\]/g, ".")
    .replace(/\$\w+/g, "999999")
    .replace(/_\./g, ".")
    .replace(/\./g, "/")
    .replace(/\/$/, "");
  return route.replace(/\/(csv|json|html|pdf|xml|txt)$/, ".$1") || "/";
}
