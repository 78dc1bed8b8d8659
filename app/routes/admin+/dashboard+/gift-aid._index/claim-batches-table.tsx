import { Link } from "@remix-run/react";
import { figuresCell as td, figuresRow as rowBorder, StaffTable } from "~/components/admin/table";
import { adminPaths } from "~/utils/admin-paths";
import { formatLongDate } from "~/utils/dates";
import { Money, rightColumn } from "~/components/admin/figures";
import { submissionStateWords } from "~/components/admin/hmrc-submission";

export interface ClaimBatchRow {
  id: number;
  createdAt: string;
  itemCount: number;
  totalPence: number;
  giftAidPence: number;
  submittedOn: string | null;
  /** Its latest submission to HMRC, if any (a test is labelled as one). */
  hmrc: { state: string; gatewayTest: boolean } | null;
}

function statusOf(claim: ClaimBatchRow): string {
  if (claim.submittedOn) return `Submitted ${formatLongDate(claim.submittedOn)}`;
  if (claim.hmrc) return `Not submitted. ${submissionStateWords(claim.hmrc.state, claim.hmrc.gatewayTest)}`;
  return "Not submitted";
}

/** The claim batches made so far, newest first, each linking to its page. */
export function ClaimBatchesTable({ claims }: { claims: ClaimBatchRow[] }) {
  return (
    <StaffTable
      look="figures"
      className="mt-3"
      caption="Claim batches"
      columns={["Batch", "Made", "Payments", rightColumn("Donations"), rightColumn("Gift Aid"), "Status"]}
    >
      {claims.map((claim) => (
        <tr key={claim.id} className={rowBorder}>
          <td className={td}>
            <Link to={adminPaths.giftAidClaim(claim.id)} className="link">
              Batch {claim.id}
            </Link>
          </td>
          <td className={td}>{formatLongDate(claim.createdAt)}</td>
          <td className={td}>{claim.itemCount}</td>
          <td className={`${td} text-right`}>
            <Money pence={claim.totalPence} />
          </td>
          <td className={`${td} text-right`}>
            <Money pence={claim.giftAidPence} />
          </td>
          <td className={td}>{statusOf(claim)}</td>
        </tr>
      ))}
    </StaffTable>
  );
}
