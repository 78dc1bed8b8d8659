/** A day (YYYY-MM-DD) `count` working days (Monday to Friday) after `day`; bank holidays are not counted, so "about". */
export function addWorkingDays(day: string, count: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  let left = count;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    const weekday = at.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return at.toISOString().slice(0, 10);
}
