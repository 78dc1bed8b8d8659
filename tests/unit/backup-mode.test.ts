import { describe, expect, it } from "vitest";
import { backupMode } from "../../scripts/lib/backup-mode";

describe("what npm start runs for backups", () => {
  it("runs Litestream on SQLite unless BACKUP=off", () => {
    expect(backupMode({ databaseEngine: "sqlite", BACKUP: "on" })).toBe("litestream");
    expect(backupMode({ databaseEngine: "sqlite", BACKUP: "off" })).toBe("off");
  });

  it("never runs Litestream (SQLite's) on PostgreSQL", () => {
    expect(backupMode({ databaseEngine: "postgres", BACKUP: "on" })).toBe("postgres");
    expect(backupMode({ databaseEngine: "postgres", BACKUP: "off" })).toBe("postgres");
  });
});
