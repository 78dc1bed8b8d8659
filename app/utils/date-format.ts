// Dates as the site shows them, apart from dates.ts (parsing what staff type, UK days, tax
// years) so that public pages showing a date do not carry the staff area's date checks.

// One formatter for server and client: the same en-GB text in the Europe/London zone
// whatever the machine's own time zone, so hydration never disagrees.
/** A formatter fixed to the Europe/London zone. */
export function londonFormat(options: Intl.DateTimeFormatOptions, locale = "en-GB"): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: "Europe/London" });
}

export function toDate(value: string | Date): Date {
  return typeof value === "string" ? new Date(value) : value;
}

/** A display formatter for an ISO-8601 timestamp or Date: an unreadable value shows as "". */
function displayFormat(options: Intl.DateTimeFormatOptions, tidy: (text: string) => string = (text) => text) {
  const format = londonFormat(options);
  return (value: string | Date): string => {
    const date = toDate(value);
    return Number.isNaN(date.getTime()) ? "" : tidy(format.format(date));
  };
}

/** "5 October 2025" for an ISO-8601 timestamp or Date. */
export const formatLongDate = displayFormat({ day: "numeric", month: "long", year: "numeric" });

/** "5 Oct 2025, 17:30" (UK time) for an ISO-8601 timestamp or Date: staff lists and histories. */
export const formatDateTime = displayFormat({
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** "5 October 2025, 09:00" (UK time): when the exact moment matters, as for a scheduled article. */
export const formatLongDateTime = displayFormat(
  { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  (text) => text.replace(" at ", ", "),
);
