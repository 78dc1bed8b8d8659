// The documents say what the code does: who may open what (README and docs/team.md against the
// dashboard's sections), and when sign-in is refused (docs/api.md against the throttle's limits).
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { MAX_FAILURES_PER_CLIENT, MAX_FAILURES_PER_USERNAME } from "~/models/login-throttle.server";
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
