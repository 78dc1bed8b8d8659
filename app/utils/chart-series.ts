import { taxYearLabel, taxYearOf, type TaxYear } from "./tax-year";

// The Statistics tab's chart series, built from per-day totals: every month (or tax year) gets
// a point, with 0 where nothing happened, so the bars and the table line up with the calendar.
// Pure: the service reads the totals, this fills the gaps.

export interface DayTotal {
  /** YYYY-MM-DD (UK calendar day). */
  day: string;
  pence: number;
}

export interface MonthPoint {
  /** YYYY-MM. */
  month: string;
  /** "November 2026". */
  label: string;
  /** "Nov 26": under the bar. */
  shortLabel: string;
  pence: number;
}

export interface TaxYearPoint {
  year: TaxYear;
  /** "2025 to 2026". */
  label: string;
  /** "2025–26". */
  shortLabel: string;
  donationsPence: number;
  giftAidPence: number;
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** The `count` calendar months (YYYY-MM) ending with the month of `today` (YYYY-MM-DD), oldest first. */
export function lastMonths(today: string, count: number): string[] {
  const [year, month] = today.split("-").map(Number);
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const index = year * 12 + (month - 1) - back;
    const y = Math.floor(index / 12);
    const m = (index % 12) + 1;
    months.push(`${y}-${String(m).padStart(2, "0")}`);
  }
  return months;
}

/** First day of the oldest of those months: where the query for them starts (YYYY-MM-DD). */
export function firstDayOfLastMonths(today: string, count: number): string {
  return `${lastMonths(today, count)[0]}-01`;
}

/** Money per month for the `count` months ending with this one; months with nothing are 0. */
export function monthlySeries(today: string, count: number, totals: readonly DayTotal[]): MonthPoint[] {
  const byMonth = new Map<string, number>();
  for (const { day, pence } of totals) {
    const month = day.slice(0, 7);
    byMonth.set(month, (byMonth.get(month) ?? 0) + pence);
  }
  return lastMonths(today, count).map((month) => {
    const [year, m] = month.split("-").map(Number);
    const name = MONTHS[m - 1];
    return {
      month,
      label: `${name} ${year}`,
      shortLabel: `${name.slice(0, 3)} ${String(year).slice(2)}`,
      pence: byMonth.get(month) ?? 0,
    };
  });
}

/**
 * Donations claimed and their Gift Aid per UK tax year (6 April to 5 April), from the first tax
 * year with a claimed donation to the current one; years with nothing are 0. The Gift Aid of a
 * year is `giftAidOf` its donations (25p per £1, rounded down to the penny).
 */
export function taxYearSeries(
  today: string,
  totals: readonly DayTotal[],
  giftAidOf: (donationsPence: number) => number,
): TaxYearPoint[] {
  const byYear = new Map<TaxYear, number>();
  for (const { day, pence } of totals) {
    const year = taxYearOf(day);
    byYear.set(year, (byYear.get(year) ?? 0) + pence);
  }
  const current = taxYearOf(today);
  const first = Math.min(current, ...byYear.keys());
  const last = Math.max(current, ...byYear.keys());
  const points: TaxYearPoint[] = [];
  for (let year = first; year <= last; year += 1) {
    const donationsPence = byYear.get(year) ?? 0;
    points.push({
      year,
      label: taxYearLabel(year),
      shortLabel: `${year}–${String(year + 1).slice(2)}`,
      donationsPence,
      giftAidPence: giftAidOf(donationsPence),
    });
  }
  return points;
}
