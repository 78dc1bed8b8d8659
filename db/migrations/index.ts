import type { Migration, MigrationProvider } from "kysely";
import * as m0001 from "./0001_init";
import * as m0002 from "./0002_public_forms";
import * as m0003 from "./0003_form_throttle";
import * as m0005 from "./0005_back_office";
import * as m0006 from "./0006_donations";

// Imported statically: esbuild cannot bundle FileMigrationProvider's dynamic imports.
// Add each new migration here, in order.
const migrations: Record<string, Migration> = {
  "0001_init": m0001,
  "0002_public_forms": m0002,
  "0003_form_throttle": m0003,
  "0005_back_office": m0005,
  "0006_donations": m0006,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
