// scripts/test-summary.mjs against trimmed Playwright and Vitest reports in
// tests/fixtures/test-summary/ (the Playwright ones cut down from a real run with one retry).
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

function summary(fixture: string) {
  const run = spawnSync(process.execPath, ["scripts/test-summary.mjs", `tests/fixtures/test-summary/${fixture}`], {
    encoding: "utf8",
  });
  const lines = run.stdout.trimEnd().split("\n");
  return { status: run.status, lines, closing: lines.at(-1) };
}

describe("the closing test summary", () => {
  it("passes a clean run and ends with the line other tools read", () => {
    const { status, lines, closing } = summary("clean");
    expect(closing).toBe("4 passed, 0 failed, 2 skipped");
    expect(lines).toContain("0 flaky");
    expect(status).toBe(0);
  });

  it("names a test that passed only on its retry, counts it as flaky and fails the run", () => {
    const { status, lines, closing } = summary("only-flaky");
    expect(lines).toContain("1 flaky");
    expect(lines).toContain("  [js] flaky.spec.ts › a group › passes only on its retry:3 (passed on retry 1)");
    // Not among the passed: it failed once, and the run must say so.
    expect(closing).toBe("4 passed, 1 failed, 2 skipped");
    expect(status).not.toBe(0);
  });

  it("adds flaky tests to real failures", () => {
    const { status, lines, closing } = summary("flaky");
    expect(lines).toContain("1 flaky");
    expect(closing).toBe("4 passed, 2 failed, 2 skipped");
    expect(status).not.toBe(0);
  });

  it("counts a flake once when a later report has none (the PostgreSQL report sorts first)", () => {
    const { status, lines, closing } = summary("two-reports");
    expect(lines).toContain("1 flaky");
    expect(closing).toBe("5 passed, 1 failed, 3 skipped");
    expect(status).not.toBe(0);
  });

  it("refuses a run in which no test ran", () => {
    const { status } = summary("does-not-exist");
    expect(status).not.toBe(0);
  });
});
