// The UK tax year runs from 6 April to 5 April (HMRC). Gift Aid statements, the Small Donations
// Scheme and the statistics all count by it, so it is worked out here once. Days are
// YYYY-MM-DD calendar days in UK time (londonToday, payments' received_on).

/** A tax year, named by the calendar year it starts in: 2025 is 6 April 2025 to 5 April 2026. */
export type TaxYear = number;

/** The tax year a YYYY-MM-DD day falls in: 5 April 2026 is in 2025, 6 April 2026 in 2026. */
export function taxYearOf(day: string): TaxYear {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) throw new Error(`Not a YYYY-MM-DD day: ${day}`);
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month > 4 || (month === 4 && date >= 6) ? year : year - 1;
}

/** First and last day (YYYY-MM-DD, both included) of a tax year. */
export function taxYearDays(year: TaxYear): { first: string; last: string } {
  return { first: `${year}-04-06`, last: `${year + 1}-04-05` };
}

/** "2025 to 2026", the way HMRC names a tax year. */
export function taxYearLabel(year: TaxYear): string {
  return `${year} to ${year + 1}`;
}

/** A tax year from a URL or form value ("2025"), or null when it is not a plausible one. */
export function parseTaxYear(value: string | null | undefined): TaxYear | null {
  if (!value || !/^\d{4}$/.test(value)) return null;
  const year = Number(value);
  return year >= 2000 && year <= 2100 ? year : null;
}
