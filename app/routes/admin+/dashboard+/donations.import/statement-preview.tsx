import type { SerializeFrom } from "@remix-run/node";
import { Form, useNavigation } from "@remix-run/react";
import { FormError } from "~/components/ui/form";
import { formatPence } from "~/utils/money";
import { useIsPending } from "~/utils/pending";
import { ColumnSelects } from "./column-selects";
import { day } from "./pledge-summary";
import { PreviewTable } from "./preview-table";
import type { PreviewData } from "./statement-form.server";
import { UnmatchedLine } from "./unmatched-line";

/**
 * The preview of a read statement: what it proposes, what it left out and why, the lines that
 * name no pledge with their searches, and the confirm button. The statement's text and the
 * column choice ride along in hidden fields, so every button here posts the same statement.
 */
export function StatementPreview({ data }: { data: SerializeFrom<PreviewData> }) {
  const navigation = useNavigation();
  const busy = useIsPending({ state: "submitting" });
  // With JavaScript, "Find" answers in place (no jump to the top of the page).
  return (
    <Form method="post" encType="multipart/form-data" className="mt-8" preventScrollReset>
      <input type="hidden" name="csv" value={data.csv} />
      {(["date", "description", "amount"] as const).map((key) =>
        data.choice[key] === undefined ? null : (
          <input key={key} type="hidden" name={`${key}Column`} value={data.choice[key]} />
        ),
      )}
      <h3 className="text-xl font-semibold">Proposed payments</h3>
      {data.error ? (
        <div className="mt-2">
          <FormError errors={[data.error]} />
        </div>
      ) : null}
      <p className="mt-2 text-slate-800 dark:text-slate-200">
        {data.proposals.length} {data.proposals.length === 1 ? "line names" : "lines name"} a pledge
        {data.proposals.some((p) => p.state === "already-imported")
          ? ` (${data.proposals.filter((p) => p.state === "already-imported").length} already imported)`
          : ""}
        ; {data.unmatched.length} paid-in {data.unmatched.length === 1 ? "line names" : "lines name"} none;{" "}
        {data.debits} money-out {data.debits === 1 ? "line was" : "lines were"} skipped.
        {data.payouts.length > 0
          ? ` ${data.payouts.length} Stripe payout ${data.payouts.length === 1 ? "line was" : "lines were"} skipped: card gifts are recorded one by one from Stripe, not from the bank statement.`
          : ""}
      </p>

      {data.problems.length > 0 ? (
        <div
          role="alert"
          className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-semibold">Some lines could not be read and were left out:</p>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {data.problems.map((problem) => (
              <li key={`${problem.line}-${problem.message}`}>
                Line {problem.line}: {problem.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {data.proposals.length > 0 ? (
        <PreviewTable proposals={data.proposals} ticked={data.ticked} />
      ) : (
        <p className="mt-4">No paid-in line names a pledge reference.</p>
      )}

      {data.payouts.length > 0 ? (
        <details className="mt-6">
          <summary className="cursor-pointer font-semibold">Stripe payouts, skipped ({data.payouts.length})</summary>
          <ul className="mt-2 space-y-1 text-sm">
            {data.payouts.map((line) => (
              <li key={line.fingerprint}>
                Line {line.line}: {formatPence(line.amountPence)} on {day(line.date)}, {line.description}
              </li>
            ))}
          </ul>
        </details>
      ) : null}

      {data.unmatched.length > 0 ? (
        <section aria-labelledby="unmatched-heading" className="mt-8">
          <h3 id="unmatched-heading" className="text-lg font-semibold">
            Paid-in lines that name no pledge ({data.unmatched.length})
          </h3>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            Search for the pledge by reference, name or e-mail, choose it, and it is recorded with the ticked lines
            above.
          </p>
          <ul className="mt-3 space-y-3">
            {data.unmatched.map((line) => (
              <UnmatchedLine key={line.fingerprint} line={line} search={data.searches[line.fingerprint]} />
            ))}
          </ul>
        </section>
      ) : null}

      {data.proposals.some((p) => p.state === "new") || data.unmatched.some((u) => u.state === "new") ? (
        <>
          <div className="mt-6">
            <div className="flex items-center gap-2">
              <input
                id="send-thanks"
                type="checkbox"
                name="sendThanks"
                defaultChecked={data.sendThanks}
                aria-describedby="send-thanks-help"
                className="h-4 w-4 rounded border-slate-400 accent-brand-700"
              />
              <label htmlFor="send-thanks" className="text-sm text-slate-800 dark:text-slate-200">
                Send a thank-you e-mail to each donor
              </label>
            </div>
            <p id="send-thanks-help" className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              One e-mail per payment recorded. Untick it when back-filling old statements.
            </p>
          </div>
          <button type="submit" name="intent" value="confirm" className="btn-primary mt-4" disabled={busy}>
            {busy && navigation.formData?.get("intent") === "confirm" ? "Recording…" : "Record ticked payments"}
          </button>
        </>
      ) : (
        <p className="mt-4">Every paid-in line has been imported before.</p>
      )}

      <ColumnSelects
        headers={data.headers}
        selected={{
          date: data.columns.date,
          description: data.columns.description[0],
          amount: data.columns.amount ?? data.columns.credit,
        }}
      />
    </Form>
  );
}
