import { formatPence } from "~/utils/money";

// Pieces of the staff figures tables (StaffTable look="figures", in ./table): an amount, and a
// right-aligned column for amounts.

/** An amount of money, its digits lined up with the rows above and below. */
export function Money({ pence }: { pence: number }) {
  return <span className="tabular-nums">{formatPence(pence)}</span>;
}

/** A StaffTable column whose cells are aligned right (amounts). */
export const rightColumn = (label: string) => ({ label, key: label, align: "right" as const });
