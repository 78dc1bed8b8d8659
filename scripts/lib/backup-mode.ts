// What `npm start` (scripts/serve.ts) runs beside the server for backups: Litestream on SQLite
// (unless BACKUP=off); nothing on PostgreSQL, whose backups are the provider's point-in-time
// recovery or `npm run backup:pg` on a schedule (docs/operations.md, "PostgreSQL").
import type { Env } from "../../app/infra/env.server";

export type BackupMode = "litestream" | "off" | "postgres";

export function backupMode(env: Pick<Env, "databaseEngine" | "BACKUP">): BackupMode {
  if (env.databaseEngine === "postgres") return "postgres";
  return env.BACKUP === "on" ? "litestream" : "off";
}
