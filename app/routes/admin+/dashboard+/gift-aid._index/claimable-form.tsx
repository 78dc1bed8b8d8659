import { Form, Link } from "@remix-run/react";
import { figuresCell as td, figuresRow as rowBorder, StaffTable } from "~/components/admin/table";
import { GIFT_AID_ROUNDING_NOTE } from "~/content/gift-aid-staff";
import { giftAidOnPence } from "~/gift-aid/utils/gift-aid";
import { adminPaths } from "~/utils/admin-paths";
import { scheduleDate } from "~/gift-aid/utils/gift-aid";
import { formatPence } from "~/utils/money";
import { useIsPending } from "~/utils/pending";
import type { CandidateRow } from "./candidate-row";
import { Money, rightColumn } from "~/components/admin/figures";

/** The claimable payments, to tick, and the two ways to make a claim batch of them. */
export function ClaimableForm({ claimable }: { claimable: CandidateRow[] }) {
  const busy = useIsPending({ formAction: adminPaths.giftAid, state: "submitting" });
  const total = claimable.reduce((sum, row) => sum + row.amountPence, 0);
  return (
    <Form method="post" action={adminPaths.giftAid} className="mt-2">
      <StaffTable
        look="figures"
        className="mt-3"
        caption="Claimable payments"
        columns={["Select", "Received", "Donor", "Pledge", rightColumn("Amount"), rightColumn("Gift Aid")]}
      >
        {claimable.map((row) => (
          <tr key={row.paymentId} className={rowBorder}>
            <td className={td}>
              <input
                type="checkbox"
                name="paymentId"
                value={row.paymentId}
                id={`payment-${row.paymentId}`}
                aria-label={`Select ${row.donorName}, ${formatPence(row.amountPence)} received ${scheduleDate(row.receivedOn)}`}
                className="h-4 w-4 accent-brand-700"
              />
            </td>
            <td className={td}>{scheduleDate(row.receivedOn)}</td>
            <td className={td}>
              <Link to={adminPaths.giftAidDeclaration(row.declarationId)} className="link">
                {row.donorName}
              </Link>
            </td>
            <td className={`${td} font-mono`}>{row.pledgeReference}</td>
            <td className={`${td} text-right`}>
              <Money pence={row.amountPence} />
            </td>
            <td className={`${td} text-right`}>
              <Money pence={giftAidOnPence(row.amountPence)} />
            </td>
          </tr>
        ))}
      </StaffTable>
      <p className="mt-4 text-slate-800 dark:text-slate-200">
        {claimable.length} payment{claimable.length === 1 ? "" : "s"}: donations <Money pence={total} />, Gift Aid{" "}
        <Money pence={giftAidOnPence(total)} />. <span className="text-sm">{GIFT_AID_ROUNDING_NOTE}</span>
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="submit" name="scope" value="all" className="btn-primary" disabled={busy}>
          Create a batch of all claimable payments
        </button>
        <button type="submit" name="scope" value="selected" className="btn-secondary" disabled={busy}>
          Create a batch of the selected payments
        </button>
      </div>
    </Form>
  );
}
