import type { Readable, Writable } from "node:stream";
import readline from "node:readline";

/**
 * remix-serve writes an access log line per request (morgan's "tiny" format) with the full
 * path, and some paths carry secrets: newsletter confirm and unsubscribe links hold a 32-byte
 * token. The app cannot change that logger, so the process that starts remix-serve passes its
 * output through this filter: a path segment that looks like a token (20 or more URL-safe
 * characters, the same rule as app/infra/logger.server.ts routeName) or holds an "@" becomes
 * ":redacted", and a query string (searches, the privacy lookup's ?email=) is dropped whole.
 * JSON lines from the app's own logger are already redacted and pass unchanged.
 */
const SECRET_SEGMENT = /\/(?:[A-Za-z0-9_-]{20,}|[^/\s?]*@[^/\s?]*)(?=[/?\s]|$)/g;

const QUERY = /\?[^\s]*/g;

export function redactAccessLine(line: string): string {
  if (line.startsWith("{")) return line;
  return line.replace(SECRET_SEGMENT, "/:redacted").replace(QUERY, "?[redacted]");
}

/** Copies `from` to each of `to`, line by line, redacted. */
export function pipeRedacted(from: Readable, ...to: (Writable | undefined)[]): void {
  const lines = readline.createInterface({ input: from, crlfDelay: Infinity });
  lines.on("line", (line) => {
    const safe = `${redactAccessLine(line)}\n`;
    for (const stream of to) stream?.write(safe);
  });
}
