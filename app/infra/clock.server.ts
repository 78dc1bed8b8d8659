import { toLondonDay } from "~/utils/dates";

let override: (() => number) | null = null;

/**
 * The time as the server sees it, in milliseconds: the one source of "now" for the whole server
 * (publishing, sessions, throttles, the outbox, webhooks, Gift Aid days), so tests can move time
 * forward instead of waiting for it. Lint refuses `new Date()` and `Date.now()` anywhere else in app/.
 */
export function now(): number {
  return override ? override() : Date.now();
}

/** Now as a Date, for code that takes one (an explicit `now` argument always comes from here). */
export function nowDate(): Date {
  return new Date(now());
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
