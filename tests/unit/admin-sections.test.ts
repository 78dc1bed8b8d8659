// The staff area's sidebar: every section in a known group, groups in order, empty ones left out.
import { describe, expect, it } from "vitest";
import { dashboardGroups, dashboardSections, groupedSections, sectionOf } from "~/utils/admin-paths";

describe("the staff area's sections", () => {
  it("puts every section under a group, in the groups' order, once", () => {
    const grouped = groupedSections();
    expect(grouped.flatMap((g) => g.sections)).toHaveLength(dashboardSections.length);
    const order = dashboardGroups.map((g) => g.id);
    const ids = grouped.map((g) => g.id);
    expect([...ids].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(ids);
    expect(grouped[0]).toMatchObject({ id: "home", label: null });
    expect(grouped[0].sections[0].label).toBe("Overview");
    expect(grouped.find((g) => g.id === "money")?.sections.map((s) => s.label)).toEqual(["Donations", "Gift Aid"]);
  });

  it("leaves out a group with no section, and shows one a branch adds", () => {
    const withoutAdmin = dashboardSections.filter((s) => s.group !== "admin");
    expect(groupedSections(withoutAdmin).map((g) => g.id)).not.toContain("admin");
    const withTeam = [...dashboardSections, { label: "Team", to: "/admin/dashboard/team", group: "admin" as const }];
    expect(
      groupedSections(withTeam)
        .find((g) => g.id === "admin")
        ?.sections.map((s) => s.label),
    ).toEqual(["Mail log", "Team"]);
  });

  it("knows the section of a nested page", () => {
    expect(sectionOf("/admin/dashboard/donations/12/cancel").label).toBe("Donations");
    expect(sectionOf("/admin/dashboard").label).toBe("Overview");
    expect(sectionOf("/admin/dashboard/stats").label).toBe("Statistics");
  });
});
