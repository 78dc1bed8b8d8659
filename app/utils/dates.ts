// One formatter for server and client: the same en-GB text in the Europe/London zone
// whatever the machine's own time zone, so hydration never disagrees.
const longDate = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/London",
});

/** "5 October 2025" for an ISO-8601 timestamp or Date. */
export function formatLongDate(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  return longDate.format(date);
}

const dateTime = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/London",
});

/** "5 Oct 2025, 17:30" (UK time) for an ISO-8601 timestamp or Date: staff lists and histories. */
export function formatDateTime(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  return dateTime.format(date);
}

/** The current time as the ISO-8601 UTC string every table stores. */
export function nowIso(): string {
  return new Date().toISOString();
}

const londonDay = new Intl.DateTimeFormat("en-CA", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  timeZone: "Europe/London",
});

/** The UK calendar day (YYYY-MM-DD) of an ISO-8601 timestamp or Date: what "the date" means to a donor or HMRC. */
export function toLondonDay(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return londonDay.format(date);
}

/** A calendar day (YYYY-MM-DD) shifted by whole years; 29 February becomes 28 February in a common year. */
export function addYearsToDay(day: string, years: number): string {
  const [y, m, d] = day.split("-").map(Number);
  const target = new Date(Date.UTC(y + years, m - 1, 1));
  const lastDay = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}
