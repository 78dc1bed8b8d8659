const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
const wholePounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", maximumFractionDigits: 0 });

/** Whole pence as pounds: "£25", "£30.50", "£1,250". Pence appear only when there are some. */
export function formatPence(pence: number): string {
  return pence % 100 === 0 ? wholePounds.format(pence / 100) : pounds.format(pence / 100);
}

/** Whole pence as a plain decimal for spreadsheets: 2500 → "25.00", 1 → "0.01", -50 → "-0.50". */
export function penceToDecimal(pence: number): string {
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(pence));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "5000", "5,000", "£5,000.50" → whole pence; null for anything else (negative, more than 2 decimals, not a number). */
export function poundsToPence(raw: string): number | null {
  const cleaned = raw
    .trim()
    .replace(/^£/, "")
    .replace(/,(?=\d{3}(?:\D|$))/g, "");
  if (!/^\d{1,9}(?:\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}
