import { Link } from "@remix-run/react";
import { figuresCell as td, figuresRow as rowBorder, StaffTable } from "~/components/admin/table";
import { adminPaths } from "~/utils/admin-paths";
import { scheduleDate } from "~/gift-aid/utils/gift-aid";
import type { CandidateRow } from "./candidate-row";
import { Money } from "~/components/admin/figures";

/** Payments left out of a claim, each with why. */
export function ProblemTable({ rows, caption }: { rows: CandidateRow[]; caption: string }) {
  return (
    <StaffTable
      look="figures"
      className="mt-3"
      caption={caption}
      columns={["Received", "Donor", "Amount", "Why it is left out"]}
    >
      {rows.map((row) => (
        <tr key={row.paymentId} className={rowBorder}>
          <td className={td}>{scheduleDate(row.receivedOn)}</td>
          <td className={td}>
            <Link to={adminPaths.giftAidDeclaration(row.declarationId)} className="link">
              {row.donorName}
            </Link>{" "}
            <span className="font-mono text-xs">{row.pledgeReference}</span>
          </td>
          <td className={td}>
            <Money pence={row.amountPence} />
          </td>
          <td className={td}>
            <ul className="list-disc pl-4">
              {row.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </td>
        </tr>
      ))}
    </StaffTable>
  );
}
