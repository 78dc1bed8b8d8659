// Long (about 600 lines) because the bank import is one page with three states that share one
// form: upload, preview (proposals, warnings, unmatched credits with their pledge search, Stripe
// payouts, unreadable lines) and the result. The rules live in services/bank-import.server.ts and
// utils/bank-statement.ts; what is left here is the form and its tables.
import { useIsPending } from "~/utils/pending";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PledgeStatusBadge } from "~/components/admin/donations";
import { ScrollTable, tdClass, TableHead } from "~/components/admin/table";
import { FormError } from "~/components/ui/form";
import { site } from "~/content/site";
import { BodyError, parseUploadForm } from "~/infra/body.server";
import { assertSameOrigin } from "~/infra/same-origin.server";
import { pledgeTypeLabels } from "~/schemas/donations";
import {
  confirmImport,
  previewImport,
  searchPledgesForLine,
  type PledgeCandidate,
} from "~/services/bank-import.server";
import { MAX_STATEMENT_BYTES } from "~/schemas/donations";
import {
  decodeStatement,
  type ColumnChoice,
  type PledgeForMatching,
  type ProposalWarning,
  type UnmatchedCredit,
} from "~/utils/bank-statement";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatLongDate } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";
import { formatPence } from "~/utils/money";

// Upload a statement, see each credit that names a pledge beside that pledge, tick, confirm.
// Every step is a plain multipart form post; the statement's text rides along in a hidden
// field, so choosing columns or confirming needs no second upload and no JavaScript.

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Import Bank Statement",
    description: `Match bank payments to pledges at ${site.name}.`,
    noindex: true,
  });

const LIMIT_TEXT = `${MAX_STATEMENT_BYTES / 1024 / 1024} MB`;

const count = (value: string | null) => (value && /^\d{1,6}$/.test(value) ? Number(value) : null);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "donations");
  const params = new URL(request.url).searchParams;
  return json({
    recorded: count(params.get("recorded")),
    already: count(params.get("already")),
    thanked: count(params.get("thanked")),
  });
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

const FINGERPRINT = /^v1:[0-9a-f]{64}$/;

/** What staff did on the shown preview: ticked lines, and per unmatched line a search and a chosen pledge. */
function readLineChoices(form: FormData) {
  const accepted = form.getAll("accept").filter((v): v is string => typeof v === "string" && FINGERPRINT.test(v));
  const searches = new Map<string, string>();
  const assignments = new Map<string, number>();
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string") continue;
    const find = /^find:(v1:[0-9a-f]{64})$/.exec(key);
    if (find && value.trim()) searches.set(find[1], value.trim().slice(0, 100));
    const assign = /^assign:(v1:[0-9a-f]{64})$/.exec(key);
    if (assign && /^\d{1,9}$/.test(value)) assignments.set(assign[1], Number(value));
  }
  // "Send a thank-you e-mail to each donor": one checkbox for the whole import.
  const sendThanks = form.get("sendThanks") === "on";
  return { accepted, searches, assignments, sendThanks };
}

/**
 * The preview to show: the matching, which lines are ticked (as first proposed, or as staff left
 * them), and for each unmatched line its search, the pledges it found and the one chosen.
 */
async function previewData(
  text: string,
  choice: ColumnChoice,
  state: ReturnType<typeof readLineChoices> | null,
  error: string | null,
) {
  const result = await previewImport(text, choice);
  if (!result.ok) return result;
  const searches: Record<string, { q: string; chosen: number | null; candidates: PledgeCandidate[] }> = {};
  for (const line of result.unmatched) {
    const q = state?.searches.get(line.fingerprint) ?? "";
    const chosen = state?.assignments.get(line.fingerprint);
    if (!q && chosen === undefined) continue;
    const candidates = await searchPledgesForLine(q, line.amountPence, chosen);
    searches[line.fingerprint] = {
      q,
      chosen: chosen !== undefined && candidates.some((c) => c.id === chosen) ? chosen : null,
      candidates,
    };
  }
  const ticked = state ? state.accepted : result.proposals.filter((p) => p.preselected).map((p) => p.fingerprint);
  const sendThanks = state ? state.sendThanks : true;
  return { stage: "preview" as const, csv: text, choice, ...result, ticked, searches, sendThanks, error };
}

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

  const intent = form.get("intent");
  if (intent === "confirm" || intent === "find") {
    const state = readLineChoices(form);
    if (intent === "find" || (state.accepted.length === 0 && state.assignments.size === 0)) {
      const error = intent === "find" ? null : "Tick at least one payment, or choose a pledge for a line, to record.";
      const data = await previewData(text, choice, state, error);
      if (!data.ok) return fail(400, data.error, { headers: data.headers, csv: text });
      return json(data, { status: error ? 400 : 200 });
    }
    const outcome = await confirmImport(text, choice, state.accepted, user.username, state.assignments, {
      sendThanks: state.sendThanks,
    });
    if (!outcome.ok) {
      const data = await previewData(text, choice, state, outcome.error);
      if (!data.ok) return fail(400, outcome.error);
      return json(data, { status: 409 });
    }
    return redirect(
      `${adminPaths.donationsImport}?recorded=${outcome.recorded}&already=${outcome.alreadyImported}${outcome.thanked ? `&thanked=${outcome.thanked}` : ""}`,
      303,
    );
  }

  const data = await previewData(text, choice, null, null);
  if (!data.ok)
    return fail(422, `${data.error}${data.headers ? "" : " Nothing was changed."}`, {
      headers: data.headers,
      csv: text,
    });
  return json(data);
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

type MatchedPledge = PledgeForMatching;

function PledgeSummary({ pledge }: { pledge: MatchedPledge }) {
  return (
    <>
      <Link to={adminPaths.donation(pledge.id)} className="link font-mono">
        {pledge.reference}
      </Link>
      <span className="block">
        {formatPence(pledge.amountPence)} {pledgeTypeLabels[pledge.type].toLowerCase()}, received so far{" "}
        {formatPence(pledge.paidPence)}
      </span>
      <PledgeStatusBadge status={pledge.status} type={pledge.type} />
    </>
  );
}

function warningText(warning: ProposalWarning, pledge: MatchedPledge): string {
  switch (warning) {
    case "cancelled":
      return "This pledge is cancelled.";
    case "already-paid":
      return `This pledge is already paid in full (${formatPence(pledge.paidPence)} received). Tick it only if the donor meant to give more.`;
    case "overpays":
      return `This would take the pledge past its ${formatPence(pledge.amountPence)}: ${formatPence(Math.max(0, pledge.amountPence - pledge.paidPence))} is outstanding, counting the ticked lines above. Tick it only if the donor meant to give more.`;
  }
}

/** Why a line is not ticked: shown beside it, in words, never by colour alone. */
function WarningNote({ id, warning, pledge }: { id?: string; warning: ProposalWarning; pledge: MatchedPledge }) {
  return (
    <span
      id={id}
      className="mt-2 block rounded-md border border-amber-400 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-100"
    >
      <strong>Not ticked:</strong> {warningText(warning, pledge)}
    </span>
  );
}

function UnmatchedLine({
  line,
  search,
}: {
  line: UnmatchedCredit;
  search?: {
    q: string;
    chosen: number | null;
    candidates: (MatchedPledge & { name: string; email: string; warning: ProposalWarning | null })[];
  };
}) {
  const findId = `find-${line.line}`;
  return (
    <li className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <p>
        <span className="font-semibold">
          Line {line.line}: {formatPence(line.amountPence)} on {day(line.date)}
        </span>
        <span className="block break-words text-sm text-slate-700 dark:text-slate-300">
          {line.description}
          {line.unknownReferences.length ? ` (no pledge ${line.unknownReferences.join(", ")})` : ""}
        </span>
      </p>
      {line.state === "already-imported" ? (
        <p className="mt-2 font-semibold">Already imported</p>
      ) : (
        <>
          <div className="mt-2 flex flex-wrap items-end gap-2">
            <div className="min-w-0 grow">
              <label htmlFor={findId} className={labelClass}>
                Find a pledge for line {line.line} (reference, name or e-mail)
              </label>
              <input
                id={findId}
                type="search"
                name={`find:${line.fingerprint}`}
                defaultValue={search?.q ?? ""}
                maxLength={100}
                className="field-input"
              />
            </div>
            <button type="submit" name="intent" value="find" className="btn-secondary">
              Find
            </button>
          </div>
          {search ? (
            search.candidates.length > 0 ? (
              <fieldset className="mt-3">
                <legend className="text-sm font-semibold">Record line {line.line} on</legend>
                <div className="mt-1 space-y-2">
                  <label className="flex items-start gap-2 text-sm">
                    <input
                      type="radio"
                      name={`assign:${line.fingerprint}`}
                      value=""
                      defaultChecked={search.chosen === null}
                      className="mt-0.5 h-4 w-4 accent-brand-700"
                    />
                    <span>No pledge (leave this line out)</span>
                  </label>
                  {search.candidates.map((c) => (
                    <label key={c.id} className="flex items-start gap-2 text-sm">
                      <input
                        type="radio"
                        name={`assign:${line.fingerprint}`}
                        value={c.id}
                        defaultChecked={search.chosen === c.id}
                        className="mt-0.5 h-4 w-4 accent-brand-700"
                      />
                      <span>
                        <span className="font-mono">{c.reference}</span> · {c.name} · {c.email} ·{" "}
                        {formatPence(c.amountPence)} {pledgeTypeLabels[c.type].toLowerCase()}, received{" "}
                        {formatPence(c.paidPence)}
                        {c.warning ? (
                          <span className="block font-semibold text-amber-900 dark:text-amber-200">
                            {warningText(c.warning, c)}
                          </span>
                        ) : null}
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : (
              <p className="mt-2 text-sm" role="status">
                No pledge matches “{search.q}”.
              </p>
            )
          ) : null}
        </>
      )}
    </li>
  );
}

export default function ImportStatement() {
  const { recorded, already, thanked } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = useIsPending({ state: "submitting" });

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
          {thanked ? ` ${thanked === 1 ? "1 thank-you e-mail" : `${thanked} thank-you e-mails`} on the way.` : ""}
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
        // With JavaScript, "Find" answers in place (no jump to the top of the page).
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
                              defaultChecked={data.ticked.includes(proposal.fingerprint)}
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
                          <span className="block break-words text-slate-700 dark:text-slate-300">
                            {proposal.description}
                          </span>
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
          ) : (
            <p className="mt-4">No paid-in line names a pledge reference.</p>
          )}

          {data.payouts.length > 0 ? (
            <details className="mt-6">
              <summary className="cursor-pointer font-semibold">
                Stripe payouts, skipped ({data.payouts.length})
              </summary>
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
      ) : null}
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
