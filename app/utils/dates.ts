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

const ukDayParts = new Intl.DateTimeFormat("en-GB", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  timeZone: "Europe/London",
});

/** The calendar day in the UK (YYYY-MM-DD) at a moment: 23:30 UTC on 30 June is 1 July in summer. */
export function ukCalendarDate(at: Date): string {
  const parts = Object.fromEntries(ukDayParts.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * The UK calendar month and year containing `at`, as half-open YYYY-MM-DD ranges (start
 * inclusive, end exclusive), for comparing with calendar-day columns such as payments.received_on.
 */
export function ukMonthAndYear(at: Date): { month: [string, string]; year: [string, string] } {
  const [year, month] = ukCalendarDate(at).split("-").map(Number);
  const pad = (n: number) => String(n).padStart(2, "0");
  const nextMonth = month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
  return {
    month: [`${year}-${pad(month)}-01`, nextMonth],
    year: [`${year}-01-01`, `${year + 1}-01-01`],
  };
}
