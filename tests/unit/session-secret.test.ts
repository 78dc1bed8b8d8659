import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";

describe("session secret", () => {
  it("is generated once beside the database when SESSION_SECRET is unset, and reused", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charity-secret-"));
    vi.resetModules();
    vi.stubEnv("SESSION_SECRET", "");
    vi.stubEnv("DATABASE_URL", `file:${path.join(dir, "data", "db.sqlite")}`);
    try {
      const first = (await import("~/infra/session-secret.server")).getSessionSecrets();
      const file = path.join(dir, "data", "session-secret");
      expect(fs.existsSync(file)).toBe(true);
      expect(first).toEqual([fs.readFileSync(file, "utf8").trim()]);
      expect(first[0].length).toBeGreaterThanOrEqual(32);

      vi.resetModules(); // a restart
      const second = (await import("~/infra/session-secret.server")).getSessionSecrets();
      expect(second).toEqual(first);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
