// The documents say what the code does: who may open what (README and docs/team.md against the
// dashboard's sections), and when sign-in is refused (docs/api.md against the throttle's limits).
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { MAX_FAILURES_PER_CLIENT, MAX_FAILURES_PER_USERNAME } from "~/staff/models/login-throttle.server";
import { dashboardSections, ROLES, type Role } from "~/utils/admin-paths";

const read = (file: string) => fs.readFileSync(file, "utf8").replace(/\s+/g, " ");

/** The sections a role's description must name: every one it may open but the overview and its own account. */
function sectionWords(role: Role, allowed: boolean): string[] {
  return dashboardSections
    .filter((section) => section.key !== "overview" && section.key !== "account")
    .filter((section) => (section.roles as readonly Role[]).includes(role) === allowed)
    .map((section) => section.label.toLowerCase());
}

function expectDescribes(role: Role, description: string) {
  const words = description.toLowerCase();
  if (role === "admin") {
    expect(words).toMatch(/everything/);
    return;
  }
  for (const label of sectionWords(role, true)) expect(words, `${role} may open ${label}`).toContain(label);
  for (const label of sectionWords(role, false)) {
    expect(words, `${role} may not open ${label}`).not.toMatch(new RegExp(`\\b${label}\\b`));
  }
}

describe("who may open what", () => {
  it.each(ROLES)("docs/team.md's role table describes %s as the code does", (role) => {
    const row = new RegExp(`\\| \`${role}\` \\| ([^|]+) \\|`).exec(read("docs/team.md"));
    expect(row, `a row for ${role}`).not.toBeNull();
    expectDescribes(role, row![1]);
  });

  it.each(ROLES)("the README describes %s as the code does", (role) => {
    const text = new RegExp(`\\*\\*${role}\\*\\* \\(([^)]+)\\)`).exec(read("README.md"));
    expect(text, `the README's words for ${role}`).not.toBeNull();
    expectDescribes(role, text![1]);
  });
});

describe("sign-in refusals", () => {
  it("docs/api.md gives the throttle's limits and no global lock", () => {
    const api = read("docs/api.md");
    expect(api).toContain(
      `after ${MAX_FAILURES_PER_USERNAME} failures for one username, or ${MAX_FAILURES_PER_CLIENT} from one client`,
    );
    expect(api).not.toMatch(/\b100 across all usernames/);
    expect(api).toContain("There is no global lock");
  });
});

/** Names the documents may give that are not ours: the framework's, Node's and the DOM's, and a profile of code since removed. */
const NOT_OURS = new Set([
  "flattenRoutes",
  "compilePath",
  "rankRouteBranches",
  "writeBuffer",
  "relatedTarget",
  "restampNonce",
]);

describe("the functions the documents name", () => {
  /** Every source file's text, once. */
  const sources = (() => {
    const texts: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(full);
        else if (/\.(ts|tsx|js|cjs|mjs)$/.test(entry.name)) texts.push(fs.readFileSync(full, "utf8"));
      }
    };
    for (const dir of ["app", "db", "scripts", "tests", "eslint-rules"]) walk(dir);
    return texts.join("\n");
  })();

  const docs = ["README.md", ...fs.readdirSync("docs", { recursive: true }).map((f) => `docs/${String(f)}`)].filter(
    (file) => file.endsWith(".md"),
  );

  it.each(docs)("%s names only functions that exist", (file) => {
    const named = [...fs.readFileSync(file, "utf8").matchAll(/`([a-z]+[A-Z][A-Za-z0-9]*)(?:\([^`]*\))?`/g)].map(
      (match) => match[1],
    );
    const missing = [...new Set(named)].filter(
      (name) => !NOT_OURS.has(name) && !new RegExp(`\\b${name}\\b`).test(sources),
    );
    expect(missing).toEqual([]);
  });
});
