import { backupSettings } from "~/infra/backup.server";
import { getEnv, type Env } from "~/infra/env.server";
import type { Processors } from "~/content/legal";

/**
 * The services outside the charity that receive visitors' personal data in this installation,
 * as the privacy and terms pages name them: Stripe when card gifts are on, the mail server when
 * mail is sent, backups' storage when it is elsewhere, the database's server when it is another
 * machine. Fixed for the life of the process (it is configuration), so the pages stay cacheable.
 */
export function processorsOf(env: Env = getEnv()): Processors {
  const backup = backupSettings(env);
  return {
    cardPayments: env.stripe !== null,
    mailHost: env.SMTP_URL ? new URL(env.SMTP_URL).hostname : null,
    backupHost: backup.enabled && backup.replica.type === "url" ? storageHost(backup.replica) : null,
    databaseHost: env.databaseEngine === "postgres" ? remoteHost(env.DATABASE_URL) : null,
  };
}

function storageHost(replica: { url: string; endpoint?: string }): string {
  if (replica.endpoint) return new URL(replica.endpoint).hostname;
  const url = new URL(replica.url);
  return url.protocol === "s3:" ? "Amazon S3" : url.hostname;
}

/** The host of a server on another machine, or null for this one. */
function remoteHost(databaseUrl: string): string | null {
  const host = new URL(databaseUrl).hostname;
  return ["", "localhost", "127.0.0.1", "[::1]"].includes(host) ? null : host;
}
