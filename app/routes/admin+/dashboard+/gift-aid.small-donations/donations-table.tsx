import type { SerializeFrom } from "@remix-run/node";
import { ConfirmForm } from "~/components/admin/confirm-form";
import { Money, rightColumn } from "~/components/admin/figures";
import { figuresCell as td, figuresRow as rowBorder, StaffTable } from "~/components/admin/table";
import { smallDonationMethodLabels } from "~/gift-aid/schemas/small-donations";
import type { SmallDonationsYear } from "~/gift-aid/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatLongDate } from "~/utils/dates";
import { formatPence } from "~/utils/money";
import { taxYearLabel, type TaxYear } from "~/utils/tax-year";

/** The small donations of the tax year, each with its Delete (which asks first). */
export function SmallDonationsTable({
  year,
  donations,
}: {
  year: TaxYear;
  donations: SerializeFrom<SmallDonationsYear>["donations"];
}) {
  return (
    <StaffTable
      look="figures"
      className="mt-3"
      caption={`Small donations in ${taxYearLabel(year)}`}
      columns={["Collected", "Where", "How", rightColumn("Amount"), "Eligible", "Delete"]}
    >
      {donations.map((donation) => (
        <tr key={donation.id} className={rowBorder}>
          <td className={td}>{formatLongDate(donation.collectedOn)}</td>
          <td className={td}>{donation.place}</td>
          <td className={td}>
            {smallDonationMethodLabels[donation.method]}, {donation.kind === "collection" ? "collection" : "one gift"}
          </td>
          <td className={`${td} text-right`}>
            <Money pence={donation.amountPence} />
          </td>
          <td className={td}>{donation.eligible ? "Yes" : "No: a single gift over £30"}</td>
          <td className={td}>
            <ConfirmForm
              action={adminPaths.smallDonations(year)}
              question={`Delete the small donation of ${formatPence(donation.amountPence)} collected ${formatLongDate(donation.collectedOn)} at ${donation.place}?`}
              hidden={{ intent: "delete", id: String(donation.id) }}
            >
              <button
                type="submit"
                className="link text-sm"
                aria-label={`Delete ${formatPence(donation.amountPence)}, ${formatLongDate(donation.collectedOn)}, ${donation.place}`}
              >
                Delete
              </button>
            </ConfirmForm>
          </td>
        </tr>
      ))}
    </StaffTable>
  );
}
