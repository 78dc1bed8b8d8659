import { site } from "~/content/site";
import { formatLongDate, londonFormat, toDate } from "./date-format";

export { formatDateTime, formatLongDate, formatLongDateTime } from "./date-format";

const londonParts = londonFormat({
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "2025-10-05T09:00": the UK wall-clock time of an instant, as a datetime-local field holds it. */
export function toLondonLocal(value: string | Date): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return "";
  const parts = londonParts.formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}`;
}

/**
 * ["2025-10-05", "09:00"]: the UK calendar day and wall-clock time of an instant, as two CSV
 * cells a spreadsheet reads as a date and a time; ["", ""] for no value.
 */
export function londonDayAndTime(value: string | Date | null | undefined): [string, string] {
  if (!value) return ["", ""];
  const local = toLondonLocal(value);
  return local ? [local.slice(0, 10), local.slice(11, 16)] : ["", ""];
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant (ISO-8601 UTC) of a UK wall-clock time typed in a datetime-local field, or null
 * when it is malformed or does not exist (the hour skipped when the clocks go forward). An
 * hour that happens twice (clocks go back) is read as the first, British Summer Time.
 */
export function fromLondonLocal(value: string): string | null {
  const match = LOCAL_DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s = "00"] = match;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(asUtc)) return null;
  const wanted = `${y}-${mo}-${d}T${h}:${mi}`;
  // London is UTC or UTC+1: try both offsets, earliest instant first.
  for (const offsetHours of [1, 0]) {
    const instant = new Date(asUtc - offsetHours * 3_600_000);
    if (toLondonLocal(instant) === wanted && instant.getUTCSeconds() === Number(s)) return instant.toISOString();
  }
  return null;
}

// en-CA writes dates as YYYY-MM-DD.
const londonDay = londonFormat({ year: "numeric", month: "2-digit", day: "2-digit" }, "en-CA");

/** The UK calendar day (YYYY-MM-DD) of an ISO-8601 timestamp or Date: what "the date" means to a donor or HMRC. */
export function toLondonDay(value: string | Date): string {
  return londonDay.format(toDate(value));
}

/**
 * A calendar day as staff enter it: what a date picker sends (2026-11-24) or what they type in a
 * browser without one (24/11/2026, 24-11-2026, 24.11.2026, 1/3/2026), as YYYY-MM-DD; null when it
 * is not a real day.
 */
export function parseUkDay(value: string): string | null {
  const text = value.trim();
  let day = text;
  const typed = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (typed) day = `${typed[3]}-${typed[2].padStart(2, "0")}-${typed[1].padStart(2, "0")}`;
  return isCalendarDay(day) ? day : null;
}

/** A real calendar day written YYYY-MM-DD (what an <input type="date"> sends): not 2026-02-30. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * Why a calendar day (YYYY-MM-DD) cannot be the day money arrived: before the charity was founded,
 * or after today (UK); null when it can. (A payment dated 9999-12-31 once became claimable.)
 */
export function giftDayProblem(day: string, today: string): string | null {
  if (day >= site.foundedOn && day <= today) return null;
  return `Enter a date from ${formatLongDate(site.foundedOn)} to today (${formatLongDate(today)})`;
}

/** A calendar day (YYYY-MM-DD) shifted by whole years; 29 February becomes 28 February in a common year. */
export function addYearsToDay(day: string, years: number): string {
  const [y, m, d] = day.split("-").map(Number);
  const target = new Date(Date.UTC(y + years, m - 1, 1));
  const lastDay = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * The UK calendar month and year containing `at`, as half-open YYYY-MM-DD ranges (start
 * inclusive, end exclusive), for comparing with calendar-day columns such as payments.received_on.
 */
export function ukMonthAndYear(at: Date): { month: [string, string]; year: [string, string] } {
  const [year, month] = toLondonDay(at).split("-").map(Number);
  const pad = (n: number) => String(n).padStart(2, "0");
  const nextMonth = month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
  return {
    month: [`${year}-${pad(month)}-01`, nextMonth],
    year: [`${year}-01-01`, `${year + 1}-01-01`],
  };
}
