// The ticket form's arithmetic, the same on the server and in the browser: how many tickets the
// quantity menu offers, and what the order comes to before Stripe (pence; shown in pounds).
import { formatPence } from "~/utils/money";

/** The numbers the quantity menu offers: 1 up to the places left and the per-order and per-buyer limits. */
export function quantityChoices(placesLeft: number, ...limits: number[]): number[] {
  const most = Math.max(0, Math.min(Math.trunc(placesLeft), ...limits));
  return Array.from({ length: most }, (_, i) => i + 1);
}

export interface OrderTotal {
  ticketsPence: number;
  donationPence: number;
  totalPence: number;
}

/** What an order of `quantity` tickets at `pricePence` each, with a donation, comes to. */
export function orderTotal(pricePence: number, quantity: number, donationPence = 0): OrderTotal {
  const ticketsPence = pricePence * Math.max(0, Math.trunc(quantity));
  const donation = Math.max(0, Math.trunc(donationPence));
  return { ticketsPence, donationPence: donation, totalPence: ticketsPence + donation };
}

/** "2 × £50 = £100", "2 × £50 + £10 donation = £110", "Free". */
export function orderTotalText(pricePence: number, quantity: number, donationPence = 0): string {
  const total = orderTotal(pricePence, quantity, donationPence);
  if (total.totalPence === 0) return "Free";
  const tickets = `${quantity} × ${pricePence === 0 ? "free" : formatPence(pricePence)}`;
  const donation = total.donationPence > 0 ? ` + ${formatPence(total.donationPence)} donation` : "";
  return `${tickets}${donation} = ${formatPence(total.totalPence)}`;
}
