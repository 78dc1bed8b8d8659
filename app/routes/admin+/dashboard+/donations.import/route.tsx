import { useIsPending } from "~/utils/pending";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormError } from "~/components/ui/form";
import { site } from "~/content/site";
import { BodyError, parseUploadForm } from "~/infra/body.server";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { BankImportError, confirmImport, statementHeaders } from "~/giving/index.server";
import { MAX_STATEMENT_BYTES } from "~/giving/schemas/donations";
import { decodeStatement, type ColumnChoice } from "~/giving/utils/bank-statement";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { pageMeta } from "~/utils/meta";
import { ColumnSelects, labelClass } from "./column-selects";
import { previewData, readChoice, readLineChoices } from "./statement-form.server";
import { StatementPreview } from "./statement-preview";
import { takeFlash } from "~/site/index.server";
import { savedCountsRedirect } from "~/routes/_glue/saved.server";

// Upload a statement, see each credit that names a pledge beside that pledge, tick, confirm.
// Every step is a plain multipart form post; the statement's text rides along in a hidden
// field, so choosing columns or confirming needs no second upload and no JavaScript.
// The page has three states that share one form: upload, preview (statement-preview.tsx and the
// pieces beside it) and the result. The rules live in giving/services/bank-import.server.ts and
// giving/utils/bank-statement.ts; what the posts carry is read in statement-form.server.ts.

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Import Bank Statement",
    description: `Match bank payments to pledges at ${site.name}.`,
    noindex: true,
  });

const LIMIT_TEXT = `${MAX_STATEMENT_BYTES / 1024 / 1024} MB`;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "donations");
  const flash = await takeFlash(request);
  return json({ saved: flash.message }, { headers: flash.headers });
}

type Failure = { stage: "upload"; error: string; headers?: string[]; csv?: string };

const fail = (status: number, error: string, extra: Omit<Failure, "stage" | "error"> = {}) =>
  json({ stage: "upload", error, ...extra } as Failure, { status });

/** The preview with `error` above it, or the upload form again with why the statement cannot be read. */
async function showPreview(
  text: string,
  choice: ColumnChoice,
  state: ReturnType<typeof readLineChoices> | null,
  error: string | null,
  status = 200,
) {
  try {
    return json(await previewData(text, choice, state, error), { status });
  } catch (refusal) {
    if (!(refusal instanceof BankImportError)) throw refusal;
    const { message, headers } = refusal;
    return fail(422, `${message}${headers ? "" : " Nothing was changed."}`, { headers, csv: text });
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await staffAction(request, "donations", { body: false });
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
    return fail(400, "Choose a column in each of the three lists.", { headers: statementHeaders(text), csv: text });
  }

  const intent = form.get("intent");
  if (intent === "confirm" || intent === "find") {
    const state = readLineChoices(form);
    if (intent === "find" || (state.accepted.length === 0 && state.assignments.size === 0)) {
      const error = intent === "find" ? null : "Tick at least one payment, or choose a pledge for a line, to record.";
      return showPreview(text, choice, state, error, error ? 400 : 200);
    }
    let outcome;
    try {
      outcome = await confirmImport(text, choice, state.accepted, user.username, state.assignments, {
        sendThanks: state.sendThanks,
      });
    } catch (refusal) {
      if (!(refusal instanceof BankImportError)) throw refusal;
      return showPreview(text, choice, state, refusal.message, refusal.status);
    }
    return savedCountsRedirect(
      adminPaths.donationsImport,
      "statement-imported",
      outcome.recorded,
      outcome.alreadyImported,
      outcome.thanked,
    );
  }

  return showPreview(text, choice, null, null);
}

export default function ImportStatement() {
  const { saved } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const busy = useIsPending({ state: "submitting" });

  return (
    <>
      <Link to={adminPaths.donations} className="link text-sm">
        ← All donations
      </Link>
      <h2 className="mt-3 text-2xl font-semibold">Import bank statement</h2>

      {saved && !data ? (
        <p
          role="status"
          className="mt-4 rounded-md bg-green-50 p-3 text-green-900 dark:bg-green-950 dark:text-green-100"
        >
          {saved}
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

      {data?.stage === "preview" ? <StatementPreview data={data} /> : null}
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
