/**
 * The time as the server sees it, in milliseconds. One source for everything that depends on
 * "now" in publishing (which articles are due, how long a cached page may live), so tests can
 * move time forward instead of waiting for it.
 */
let override: (() => number) | null = null;

export function now(): number {
  return override ? override() : Date.now();
}

export function nowIsoString(): string {
  return new Date(now()).toISOString();
}

/** Tests only: a fixed or scripted clock; null goes back to the real one. */
export function setClock(clock: (() => number) | null): void {
  override = clock;
}
