import type { SerializeFrom } from "@remix-run/node";
import { ScrollTable, tdClass, TableHead } from "~/components/admin/table";
import { formatPence } from "~/utils/money";
import { day, PledgeSummary, WarningNote } from "./pledge-summary";
import type { PreviewData } from "./statement-form.server";

/** The lines that name a pledge, each with a tick box (ticked as proposed, or as staff left it). */
export function PreviewTable({
  proposals,
  ticked,
}: {
  proposals: SerializeFrom<PreviewData>["proposals"];
  ticked: string[];
}) {
  return (
    <ScrollTable label="Proposed payments">
      <table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
        <TableHead columns={["Record", "Line", "Statement", "Pledge"]} />
        <tbody className="divide-y divide-slate-200 bg-white dark:divide-slate-700 dark:bg-slate-900">
          {proposals.map((proposal) => {
            const id = `accept-${proposal.line}`;
            const differs =
              proposal.pledge.type === "one-time" &&
              proposal.amountPence !== proposal.pledge.amountPence - proposal.pledge.paidPence;
            return (
              <tr key={proposal.fingerprint}>
                <td className={tdClass}>
                  {proposal.state === "already-imported" ? (
                    <span className="font-semibold">Already imported</span>
                  ) : (
                    <input
                      id={id}
                      type="checkbox"
                      name="accept"
                      value={proposal.fingerprint}
                      defaultChecked={ticked.includes(proposal.fingerprint)}
                      className="h-5 w-5 accent-brand-700"
                      aria-label={`Record ${formatPence(proposal.amountPence)} on line ${proposal.line} for ${proposal.pledge.reference}`}
                      aria-describedby={proposal.warning ? `${id}-warning` : undefined}
                    />
                  )}
                </td>
                <td className={tdClass}>{proposal.line}</td>
                <td className={tdClass}>
                  <span className="block whitespace-nowrap font-semibold">
                    {formatPence(proposal.amountPence)} on {day(proposal.date)}
                  </span>
                  <span className="block break-words text-slate-700 dark:text-slate-300">{proposal.description}</span>
                </td>
                {/* Wide enough for its warning on a phone (the table scrolls sideways). */}
                <td className={`${tdClass} min-w-64`}>
                  <PledgeSummary pledge={proposal.pledge} />
                  {proposal.warning ? (
                    <WarningNote id={`${id}-warning`} warning={proposal.warning} pledge={proposal.pledge} />
                  ) : differs && proposal.pledge.status === "pending" ? (
                    <span className="ml-2 text-sm">Amount differs from what is outstanding</span>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollTable>
  );
}
