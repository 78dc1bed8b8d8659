import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  DonationsErrorBoundary,
  PledgeStatusBadge,
  ScrollTable,
  tdClass,
  TableHead,
} from "~/components/admin/donations";
import { FormError } from "~/components/ui/form";
import { site } from "~/content/site";
import { BodyError, parseUploadForm } from "~/infra/body.server";
import { assertSameOrigin } from "~/infra/same-origin.server";
import { pledgeTypeLabels } from "~/schemas/donations";
import { confirmImport, previewImport } from "~/services/bank-import.server";
import { MAX_STATEMENT_BYTES } from "~/content/admin";
import { decodeStatement, type ColumnChoice } from "~/services/bank-statement.server";
import { requireRole } from "~/services/session.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatLongDate } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";
import { formatPence } from "~/utils/money";

// Upload a statement, see each credit that names a pledge beside that pledge, tick, confirm.
// Every step is a plain multipart form post; the statement's text rides along in a hidden
// field, so choosing columns or confirming needs no second upload and no JavaScript.

export const meta: MetaFunction = () => [
  ...pageMeta({ title: "Import Bank Statement", description: `Match bank payments to pledges at ${site.name}.` }),
  { name: "robots", content: "noindex" },
];

const LIMIT_TEXT = `${MAX_STATEMENT_BYTES / 1024 / 1024} MB`;

const count = (value: string | null) => (value && /^\d{1,6}$/.test(value) ? Number(value) : null);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "donations");
  const params = new URL(request.url).searchParams;
  return json({ recorded: count(params.get("recorded")), already: count(params.get("already")) });
}

/**
 * The columns to use. "Preview with these columns" sends the lists (pick-*); every other post
 * carries the choice the shown preview was made with (hidden *Column fields), so confirming
 * reads the statement exactly as it was previewed. Empty means "detect".
 */
function readChoice(form: FormData): ColumnChoice | null {
  const picked =
    form.get("intent") === "preview" && ["date", "description", "amount"].some((k) => form.get(`pick-${k}`));
  const choice: ColumnChoice = {};
  for (const key of ["date", "description", "amount"] as const) {
    const value = form.get(picked ? `pick-${key}` : `${key}Column`);
    if (value === null || value === "") continue;
    if (typeof value !== "string" || !/^\d{1,3}$/.test(value)) return null;
    choice[key] = Number(value);
  }
  if (picked && Object.keys(choice).length < 3) return null;
  return choice;
}

type Failure = { stage: "upload"; error: string; headers?: string[]; csv?: string };

const fail = (status: number, error: string, extra: Omit<Failure, "stage" | "error"> = {}) =>
  json({ stage: "upload", error, ...extra } as Failure, { status });

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireRole(request, "donations");
  let upload: Awaited<ReturnType<typeof parseUploadForm>>;
  try {
    upload = await parseUploadForm(request, "statement", MAX_STATEMENT_BYTES);
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    return error.status === 413
      ? fail(413, `The file is larger than ${LIMIT_TEXT}. Export a shorter period and try again. Nothing was changed.`)
      : fail(400, "The upload could not be read. Choose the CSV file again. Nothing was changed.");
  }
  const { form, file } = upload;
  let text: string | null = null;
  if (file) {
    text = decodeStatement(file.bytes);
    if (text === null) {
      return fail(415, "That file is not a CSV file. Export the statement from your bank as CSV. Nothing was changed.");
    }
  } else {
    const carried = form.get("csv");
    if (typeof carried === "string" && carried.length > 0) {
      if (carried.length > MAX_STATEMENT_BYTES) return fail(413, `The statement is larger than ${LIMIT_TEXT}.`);
      text = carried;
    }
  }
  if (text === null || text.trim() === "") return fail(400, "Choose the CSV file your bank exported.");
  const choice = readChoice(form);
  if (!choice) {
    const detected = await previewImport(text);
    return fail(400, "Choose a column in each of the three lists.", { headers: detected.headers, csv: text });
  }

  if (form.get("intent") === "confirm") {
    const accepted = form.getAll("accept").filter((v): v is string => typeof v === "string" && v.length <= 100);
    if (accepted.length === 0) {
      const result = await previewImport(text, choice);
      if (!result.ok) return fail(400, result.error, { headers: result.headers, csv: text });
      return json(
        { stage: "preview" as const, csv: text, choice, ...result, error: "Tick at least one payment to record." },
        { status: 400 },
      );
    }
    const outcome = await confirmImport(text, choice, accepted, user.username);
    if (!outcome.ok) return fail(400, outcome.error);
    return redirect(
      `${adminPaths.donationsImport}?recorded=${outcome.recorded}&already=${outcome.alreadyImported}`,
      303,
    );
  }

  const result = await previewImport(text, choice);
  if (!result.ok)
    return fail(422, `${result.error}${result.headers ? "" : " Nothing was changed."}`, {
      headers: result.headers,
      csv: text,
    });
  return json({ stage: "preview" as const, csv: text, choice, ...result, error: null as string | null });
}

const labelClass = "block text-sm font-medium text-slate-800 dark:text-slate-200";

function ColumnSelects({
  headers,
  selected,
}: {
  headers: string[];
  selected: { date?: number; description?: number; amount?: number };
}) {
  const fields = [
    { key: "date", label: "Date column" },
    { key: "description", label: "Description or reference column" },
    { key: "amount", label: "Amount paid in column" },
  ] as const;
  return (
    <fieldset className="mt-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold">Columns</legend>
      <div className="grid gap-4 sm:grid-cols-3">
        {fields.map(({ key, label }) => (
          <div key={key}>
            <label htmlFor={`column-${key}`} className={labelClass}>
              {label}
            </label>
            <select
              id={`column-${key}`}
              name={`pick-${key}`}
              defaultValue={selected[key] === undefined ? "" : String(selected[key])}
              className="field-input"
            >
              <option value="">Choose…</option>
              {headers.map((header, index) => (
                <option key={index} value={index}>
                  {header || `Column ${index + 1}`}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <button type="submit" name="intent" value="preview" className="btn-secondary mt-4">
        Preview with these columns
      </button>
    </fieldset>
  );
}

const day = (iso: string) => formatLongDate(`${iso}T12:00:00Z`);

export default function ImportStatement() {
  const { recorded, already } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";

  return (
    <>
      <Link to={adminPaths.donations} className="link text-sm">
        ← All donations
      </Link>
      <h2 className="mt-3 text-2xl font-semibold">Import bank statement</h2>

      {recorded !== null && !data ? (
        <p
          role="status"
          className="mt-4 rounded-md bg-green-50 p-3 text-green-900 dark:bg-green-950 dark:text-green-100"
        >
          {recorded === 1 ? "1 payment recorded." : `${recorded} payments recorded.`}
          {already ? ` ${already} already imported before, not recorded again.` : ""}
        </p>
      ) : null}

      <Form method="post" encType="multipart/form-data" className="mt-6 max-w-xl space-y-4">
        <div>
          <label htmlFor="statement" className={labelClass}>
            Statement (CSV, at most {LIMIT_TEXT})
          </label>
          <input
            id="statement"
            name="statement"
            type="file"
            accept=".csv,text/csv"
            required
            aria-describedby="statement-help"
            className="field-input"
          />
          <p id="statement-help" className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            Export the account&apos;s transactions from online banking as CSV. Money paid in whose description names a
            pledge reference (CHA-…) is proposed as a payment of that pledge; nothing is recorded until you confirm.
          </p>
        </div>
        <button type="submit" name="intent" value="preview" className="btn-primary" disabled={busy}>
          {busy ? "Reading…" : "Preview"}
        </button>
      </Form>

      {data?.stage === "upload" ? (
        <div className="mt-6">
          <FormError errors={[data.error]} />
          {data.headers && data.csv ? (
            <Form method="post" encType="multipart/form-data">
              <input type="hidden" name="csv" value={data.csv} />
              <ColumnSelects headers={data.headers} selected={{}} />
            </Form>
          ) : null}
        </div>
      ) : null}

      {data?.stage === "preview" ? (
        <Form method="post" encType="multipart/form-data" className="mt-8">
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
            <>
              <ScrollTable label="Proposed payments">
                <table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
                  <TableHead columns={["Record", "Line", "Statement", "Pledge"]} />
                  <tbody className="divide-y divide-slate-200 bg-white dark:divide-slate-700 dark:bg-slate-900">
                    {data.proposals.map((proposal) => {
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
                                defaultChecked={proposal.pledge.status !== "cancelled"}
                                className="h-5 w-5 accent-brand-700"
                                aria-label={`Record ${formatPence(proposal.amountPence)} on line ${proposal.line} for ${proposal.pledge.reference}`}
                              />
                            )}
                          </td>
                          <td className={tdClass}>{proposal.line}</td>
                          <td className={tdClass}>
                            <span className="block whitespace-nowrap font-semibold">
                              {formatPence(proposal.amountPence)} on {day(proposal.date)}
                            </span>
                            <span className="block break-words text-slate-700 dark:text-slate-300">
                              {proposal.description}
                            </span>
                          </td>
                          <td className={tdClass}>
                            <Link to={adminPaths.donation(proposal.pledge.id)} className="link font-mono">
                              {proposal.pledge.reference}
                            </Link>
                            <span className="block">
                              {formatPence(proposal.pledge.amountPence)}{" "}
                              {pledgeTypeLabels[proposal.pledge.type].toLowerCase()}, received so far{" "}
                              {formatPence(proposal.pledge.paidPence)}
                            </span>
                            <PledgeStatusBadge status={proposal.pledge.status} />
                            {differs && proposal.pledge.status === "pending" ? (
                              <span className="ml-2 text-sm">Amount differs from what is outstanding</span>
                            ) : null}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </ScrollTable>
              {data.proposals.some((p) => p.state === "new") ? (
                <button type="submit" name="intent" value="confirm" className="btn-primary mt-4" disabled={busy}>
                  {busy && navigation.formData?.get("intent") === "confirm" ? "Recording…" : "Record ticked payments"}
                </button>
              ) : (
                <p className="mt-4">Every line that names a pledge has been imported before.</p>
              )}
            </>
          ) : (
            <p className="mt-4">No paid-in line names a pledge reference.</p>
          )}

          {data.unmatched.length > 0 ? (
            <details className="mt-6">
              <summary className="cursor-pointer font-semibold">
                Paid-in lines that name no pledge ({data.unmatched.length})
              </summary>
              <ul className="mt-2 space-y-1 text-sm">
                {data.unmatched.map((line) => (
                  <li key={line.fingerprint}>
                    Line {line.line}: {formatPence(line.amountPence)} on {day(line.date)}, {line.description}
                    {line.unknownReferences.length ? ` (no pledge ${line.unknownReferences.join(", ")})` : ""}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}

          <ColumnSelects
            headers={data.headers}
            selected={{
              date: data.columns.date,
              description: data.columns.description[0],
              amount: data.columns.amount ?? data.columns.credit,
            }}
          />
        </Form>
      ) : null}
    </>
  );
}

export const ErrorBoundary = DonationsErrorBoundary;
