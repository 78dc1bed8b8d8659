import { describe, expect, it } from "vitest";
import { privacyPolicy, privacyPolicyFor, retentionPeriodText } from "~/content/legal";
import { DEFAULT_ENQUIRY_RETENTION_DAYS } from "~/schemas/retention";
import { parseEnv } from "~/infra/env.server";

const enquiryText = (page: typeof privacyPolicy) =>
  page.sections
    .flatMap((s) => s.items ?? [])
    .find((i) => i.term === "Contact enquiries")!
    .details.join(" ");

describe("the enquiry retention period", () => {
  it("defaults to 365 days and is stated as 12 months on the privacy page", () => {
    expect(DEFAULT_ENQUIRY_RETENTION_DAYS).toBe(365);
    expect(parseEnv({}).ENQUIRY_RETENTION_DAYS).toBe(365);
    expect(enquiryText(privacyPolicy)).toContain("automatically 12 months after we receive it");
  });

  it("states a configured period", () => {
    expect(enquiryText(privacyPolicyFor(90))).toContain("automatically 90 days after");
    expect(enquiryText(privacyPolicyFor(730))).toContain("automatically 2 years after");
    expect(retentionPeriodText(1)).toBe("1 day");
    // The rest of the page is unchanged.
    expect(privacyPolicyFor(90).sections.map((s) => s.heading)).toEqual(privacyPolicy.sections.map((s) => s.heading));
  });

  it("accepts whole days from 1 to 3650 and names the variable otherwise", () => {
    expect(parseEnv({ ENQUIRY_RETENTION_DAYS: "30" }).ENQUIRY_RETENTION_DAYS).toBe(30);
    expect(parseEnv({ ENQUIRY_RETENTION_DAYS: "" }).ENQUIRY_RETENTION_DAYS).toBe(365);
    for (const bad of ["0", "-5", "1.5", "a year", "3651"]) {
      expect(() => parseEnv({ ENQUIRY_RETENTION_DAYS: bad })).toThrow(/ENQUIRY_RETENTION_DAYS: must be/);
    }
  });
});
