/**
 * Bank holidays in England and Wales (gov.uk/bank-holidays), when Bacs does not process: a Direct
 * Debit's working days skip them. 2025 and 2026 as gov.uk lists them; 2027 by the Banking and
 * Financial Dealings Act 1971's rules (Easter Sunday 28 March; 25 and 26 December fall at a
 * weekend, so Monday 27 and Tuesday 28 replace them). Add each new year's list here; a day after
 * the last listed year counts weekends only (dates shown are "about" anyway).
 */
export const ENGLAND_AND_WALES_BANK_HOLIDAYS: ReadonlySet<string> = new Set([
  // 2025
  "2025-01-01",
  "2025-04-18",
  "2025-04-21",
  "2025-05-05",
  "2025-05-26",
  "2025-08-25",
  "2025-12-25",
  "2025-12-26",
  // 2026 (Boxing Day is a Saturday: Monday 28 December instead)
  "2026-01-01",
  "2026-04-03",
  "2026-04-06",
  "2026-05-04",
  "2026-05-25",
  "2026-08-31",
  "2026-12-25",
  "2026-12-28",
  // 2027
  "2027-01-01",
  "2027-03-26",
  "2027-03-29",
  "2027-05-03",
  "2027-05-31",
  "2027-08-30",
  "2027-12-27",
  "2027-12-28",
]);

/** Whether Bacs works on the day (YYYY-MM-DD): Monday to Friday, not a bank holiday in England and Wales. */
export function isWorkingDay(day: string): boolean {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !ENGLAND_AND_WALES_BANK_HOLIDAYS.has(day);
}

/**
 * A day (YYYY-MM-DD) `count` working days after `day`: weekends and England and Wales bank
 * holidays skipped (isWorkingDay), as Bacs counts a Direct Debit's days.
 */
export function addWorkingDays(day: string, count: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  let left = count;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    if (isWorkingDay(at.toISOString().slice(0, 10))) left -= 1;
  }
  return at.toISOString().slice(0, 10);
}
