import { toLondonDay } from "~/utils/dates";

/**
 * The time as the server sees it, in milliseconds. One source for everything that depends on
 * "now" in publishing (which articles are due, how long a cached page may live), so tests can
 * move time forward instead of waiting for it.
 */
let override: (() => number) | null = null;

export function now(): number {
  return override ? override() : Date.now();
}

/** Now as the ISO-8601 UTC string every table stores. */
export function nowIsoString(): string {
  return new Date(now()).toISOString();
}

/** Today as the UK calendar day (YYYY-MM-DD): what "today" means to staff, donors and HMRC. */
export function londonToday(): string {
  return toLondonDay(new Date(now()));
}

/** Tests only: a fixed or scripted clock; null goes back to the real one. */
export function setClock(clock: (() => number) | null): void {
  override = clock;
}
