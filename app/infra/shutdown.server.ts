/**
 * A graceful stop on SIGTERM, for rolling restarts behind a proxy (docs/operations.md).
 *
 * remix-serve closes its HTTP server on SIGTERM, and the process ends once nothing else keeps it
 * alive. Two things would: a proxy's keep-alive connections, busy under load, and the mail sender
 * working through a backlog. Each registers a hook here; on SIGTERM every hook runs once, so the
 * instance finishes the requests it has and exits within a second or two while the proxy sends new
 * ones to the other instances. Mail it had not sent yet is left for the others (or its next start).
 */
const hooks: (() => void)[] = [];
let draining = false;
let listening = false;

/** True from SIGTERM on: new answers close their connection. */
export function isDraining(): boolean {
  return draining;
}

/** Runs `hook` once when the process is asked to stop. */
export function onDrain(hook: () => void): void {
  hooks.push(hook);
  if (listening) return;
  listening = true;
  process.once("SIGTERM", () => {
    draining = true;
    for (const run of hooks) run();
    // Nothing else listens (a script or test process, not remix-serve): the signal's default,
    // ending the process, applies again.
    if (process.listenerCount("SIGTERM") === 0) process.kill(process.pid, "SIGTERM");
  });
}
