const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
const wholePounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", maximumFractionDigits: 0 });

/** Whole pence as pounds: "£25", "£30.50", "£1,250". Pence appear only when there are some. */
export function formatPence(pence: number): string {
  return pence % 100 === 0 ? wholePounds.format(pence / 100) : pounds.format(pence / 100);
}
