// The one way the scripts, drills and tests wait for something: poll its state until it holds or
// a deadline passes, never a fixed sleep (a fixed sleep is too short on a busy machine and too
// long on a quiet one).

export interface WaitOptions {
  /** What is awaited, for the error: "nginx answers at http://…". */
  what: string;
  /** How long it may take. */
  timeoutMs: number;
  /** Pause between looks; 100 ms unless given. */
  intervalMs?: number;
}

/**
 * Calls `look` until it returns something other than `undefined`, `null` or `false`, and returns
 * that. A `look` that throws stops the wait with its error (so a child that died can end it at
 * once); one that may fail while waiting (a connection refused) returns false instead. Throws
 * "`what` did not happen within N s" when the deadline passes.
 */
export async function waitUntil<T>(
  look: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  { what, timeoutMs, intervalMs = 100 }: WaitOptions,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await look();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() >= deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, Math.max(0, deadline - Date.now()))));
  }
}

/** Whether `url` answers at all (any status): false while nothing listens there. */
export async function answers(url: string, init?: RequestInit): Promise<Response | false> {
  try {
    const response = await fetch(url, { redirect: "manual", ...init });
    await response.arrayBuffer();
    return response;
  } catch {
    return false;
  }
}
