// The staff area's sidebar: every section in a known group, groups in order, empty ones left out.
import { describe, expect, it } from "vitest";
import {
  dashboardGroups,
  dashboardSections,
  groupedSections,
  sectionOf,
  sectionsFor,
  type Role,
} from "~/utils/admin-paths";

describe("the staff area's sections", () => {
  it("puts every section under a group, in the groups' order, once", () => {
    const grouped = groupedSections();
    expect(grouped.flatMap((g) => g.sections)).toHaveLength(dashboardSections.length);
    const order = dashboardGroups.map((g) => g.id);
    const ids = grouped.map((g) => g.id);
    expect([...ids].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(ids);
    expect(grouped[0]).toMatchObject({ id: "home", label: null });
    expect(grouped[0].sections[0].label).toBe("Overview");
    expect(grouped.find((g) => g.id === "money")?.sections.map((s) => s.label)).toEqual([
      "Donations",
      "Payments",
      "Fundraising pages",
      "Gift Aid",
      "Events",
    ]);
  });

  it("leaves out a group with no section, and lists a group's sections in order", () => {
    const withoutAdmin = dashboardSections.filter((s) => s.group !== "admin");
    expect(groupedSections(withoutAdmin).map((g) => g.id)).not.toContain("admin");
    expect(
      groupedSections(sectionsFor("admin"))
        .find((g) => g.id === "admin")
        ?.sections.map((s) => s.label),
    ).toEqual(["Team", "Settings", "Mail log"]);
  });

  it("shows each role only the sections it may open", () => {
    const labels = (role: Role) => sectionsFor(role).map((s) => s.label);
    expect(labels("editor")).toEqual([
      "Overview",
      "Statistics",
      "News",
      "Site pages",
      "Newsletters",
      "Publications",
      "Appeals",
      "Projects",
      "Redirects",
    ]);
    expect(labels("fundraising")).not.toContain("Team");
    expect(labels("fundraising")).not.toContain("Settings");
    expect(labels("fundraising")).toContain("Donations");
    expect(labels("admin")).not.toContain("Your account");
  });

  it("knows the section of a nested page", () => {
    expect(sectionOf("/admin/dashboard/donations/12/cancel").label).toBe("Donations");
    expect(sectionOf("/admin/dashboard").label).toBe("Overview");
    expect(sectionOf("/admin/dashboard/stats").label).toBe("Statistics");
  });
});
