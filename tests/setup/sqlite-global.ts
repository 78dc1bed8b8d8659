// Vitest global setup for the SQLite run: one database file migrated once for the whole run.
// Each test file starts from a copy of it (tests/setup/database.ts, createTestDatabase), which
// takes milliseconds where migrating every file's database took over half a second.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charity-vitest-template-"));
  const file = path.join(dir, "template.sqlite");
  const { openDatabase, migrateToLatest } = await import("../../app/infra/db.server");
  const db = openDatabase(`file:${file}`);
  await migrateToLatest(db);
  // Closing the last connection folds the write-ahead log into the file, so the file alone is whole.
  await db.destroy();
  project.provide("sqliteTemplatePath", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    sqliteTemplatePath: string;
  }
}
