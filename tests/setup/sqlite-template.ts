// A new SQLite database file for a test: a copy of the run's migrated template
// (tests/setup/sqlite-global.ts). migrateToLatest on the copy then finds nothing to do.
import fs from "node:fs";
import { inject } from "vitest";

export function copySqliteTemplate(file: string): void {
  fs.copyFileSync(inject("sqliteTemplatePath"), file);
}
