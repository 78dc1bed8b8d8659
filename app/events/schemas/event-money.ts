// Pounds as staff and visitors type them ("50", "50.00", "£7.5") to whole pence, without
// floating point; plain functions, safe in the browser (no zod).

export const MAX_EVENT_POUNDS = 100_000;

/** Whole pence, or null when the text is not an amount of pounds (blank is null too). */
export function poundsToPence(raw: string | undefined | null): number | null {
  const text = (raw ?? "").trim().replace(/^£/, "").replace(/,/g, "");
  const match = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const pence = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return pence <= MAX_EVENT_POUNDS * 100 ? pence : null;
}
