import { invariantResponse } from "~/utils/http";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GiftAidFields } from "~/components/gift-aid/gift-aid-fields";
import { CheckboxField, ErrorList, SelectField, TextareaField, TextField } from "~/components/ui/form";
import { paidWithOptions } from "~/giving/schemas/donations";
import { ErrorSummary } from "~/components/ui/error-summary";
import { giftAidDeclarationWords } from "~/content/donate-page-words";
import { site } from "~/content/site";
import { londonToday } from "~/infra/clock.server";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { bankTextProblem, recordGiftDeclaration, recordGiftSchema } from "~/giving/schemas/record-gift";
import { withCharityDetails } from "~/site/index.server";
import { GiftError, isBankLineImported, recordGift, type GiftBankLine } from "~/giving/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { bankLineFingerprint } from "~/giving/utils/bank-statement";
import { formatLongDate, giftDayProblem, isCalendarDay } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";
import { formatPence } from "~/utils/money";
import { useIsPending } from "~/utils/pending";

// Record a gift that came without a pledge, for an existing supporter or a new one, with the
// donate form's Gift Aid declaration and checks. Reached from the Payments list (a gift by hand)
// and from a bank statement line that names no pledge (?line=&date=&amount=&text=&n=: the line
// as the import showed it), which is then recorded as imported in the same step.

export const meta: MetaFunction = () =>
  pageMeta({ title: "Record a gift", description: `Record a gift to ${site.name}.`, noindex: true });

const LINE_NOT_READ = "This bank statement line cannot be read. Open the statement again and choose the line there.";

/** The bank line in the address, checked against its own fingerprint; null when there is none. */
function lineOf(params: URLSearchParams, today: string) {
  const fingerprint = params.get("line");
  if (!fingerprint) return null;
  const date = params.get("date") ?? "";
  const amount = params.get("amount") ?? "";
  const text = (params.get("text") ?? "").slice(0, 2000);
  const n = params.get("n") ?? "";
  const readable =
    isCalendarDay(date) &&
    giftDayProblem(date, today) === null &&
    /^\d{1,9}$/.test(amount) &&
    Number(amount) > 0 &&
    /^\d{1,5}$/.test(n) &&
    bankTextProblem(text) === null &&
    bankLineFingerprint(date, Number(amount), text, Number(n)) === fingerprint;
  invariantResponse(readable, LINE_NOT_READ, 400);
  return { fingerprint, date, amountPence: Number(amount), text, occurrence: Number(n) };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "payments");
  const today = londonToday();
  const params = new URL(request.url).searchParams;
  const line = lineOf(params, today);
  const imported = line ? await isBankLineImported(line.fingerprint) : false;
  const supporter = params.get("supporter");
  return json({
    today,
    line,
    imported,
    supporter: supporter && /^\d{1,9}$/.test(supporter) ? supporter : "",
    giftAid: await withCharityDetails(giftAidDeclarationWords()),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const today = londonToday();
  const { user, submission } = await staffAction(request, "payments", { schema: recordGiftSchema(today) });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  const bankLine: GiftBankLine | null =
    value.bankLine && value.bankText !== undefined && value.bankOccurrence !== undefined
      ? { fingerprint: value.bankLine, description: value.bankText, occurrence: value.bankOccurrence }
      : null;
  if (value.bankLine && !bankLine) {
    return json({ result: submission.reply({ formErrors: [LINE_NOT_READ] }) }, { status: 400 });
  }
  try {
    const gift = await recordGift(
      {
        giver:
          value.who === "existing"
            ? { supporter: value.supporter! }
            : { firstName: value.firstName!, lastName: value.lastName!, email: value.email! },
        firstName: value.who === "existing" ? value.firstName : undefined,
        lastName: value.who === "existing" ? value.lastName : undefined,
        receivedOn: value.receivedOn,
        amountPence: value.amount,
        note: value.note ?? null,
        paidWith: value.paidWith ?? null,
        sendThanks: value.sendThanks,
        giftAidDeclaration: recordGiftDeclaration(value),
        bankLine,
      },
      user.username,
    );
    return savedRedirect(adminPaths.donation(gift.pledge.id), gift.thanked ? "gift-thanked" : "gift-recorded");
  } catch (refusal) {
    if (!(refusal instanceof GiftError)) throw refusal;
    const reply = refusal.field
      ? submission.reply({ fieldErrors: { [refusal.field]: [refusal.message] } })
      : submission.reply({ formErrors: [refusal.message] });
    return json({ result: reply }, { status: refusal.status });
  }
}

const day = (value: string) => formatLongDate(`${value}T12:00:00Z`);

export default function RecordGift() {
  const { today, line, imported, supporter, giftAid } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const schema = recordGiftSchema(today);
  const [form, fields] = useForm({
    id: "record-gift",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    defaultValue: {
      who: supporter ? "existing" : "new",
      supporter,
      receivedOn: line?.date ?? today,
      amount: line ? (line.amountPence / 100).toFixed(2) : "",
      sendThanks: "on",
      paidWith: "cheque",
    },
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving = useIsPending({ state: "submitting" });
  const who = fields.who.initialValue === "existing" ? "existing" : "new";

  return (
    <>
      <Link to={line ? adminPaths.donationsImport : adminPaths.payments} className="link text-sm">
        {line ? "← Import bank statement" : "← Payments"}
      </Link>
      <h2 className="mt-3 text-2xl font-semibold">{line ? "Record a bank line as a new gift" : "Record a gift"}</h2>
      {line ? (
        <section
          aria-labelledby="bank-line-heading"
          className="mt-4 max-w-2xl rounded-md border border-slate-300 p-4 dark:border-slate-600"
        >
          <h3 id="bank-line-heading" className="font-semibold">
            Bank statement line
          </h3>
          <p className="mt-1">
            <span className="font-semibold">
              {formatPence(line.amountPence)} on {day(line.date)}
            </span>
            <span className="block break-words">{line.text}</span>
          </p>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            The gift keeps this line&apos;s date, amount and text, and the line is recorded as imported: the statement
            will show it as &ldquo;Already imported&rdquo;.
          </p>
        </section>
      ) : null}
      {imported ? (
        <p role="alert" className="mt-4 font-semibold">
          This bank statement line is already imported: there is nothing more to record.
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-6 max-w-2xl space-y-6">
          <ErrorSummary form={form} />
          {line ? (
            <>
              <input type="hidden" name="bankLine" value={line.fingerprint} />
              <input type="hidden" name="bankText" value={line.text} />
              <input type="hidden" name="bankOccurrence" value={line.occurrence} />
              <input type="hidden" name={fields.receivedOn.name} value={line.date} />
              <input type="hidden" name={fields.amount.name} value={(line.amountPence / 100).toFixed(2)} />
            </>
          ) : null}

          <fieldset className="space-y-4">
            <legend className="text-lg font-semibold">Who gave it</legend>
            <ErrorList id={fields.who.errorId} errors={fields.who.errors} />
            <WhoOption name={fields.who.name} value="new" chosen={who} label="A new supporter">
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField meta={fields.firstName} label="First name" autoComplete="off" />
                <TextField meta={fields.lastName} label="Last name" autoComplete="off" />
              </div>
              <TextField
                meta={fields.email}
                label="E-mail address"
                type="email"
                autoComplete="off"
                hint="An address that is already a supporter's records the gift for them."
              />
            </WhoOption>
            <WhoOption name={fields.who.name} value="existing" chosen={who} label="An existing supporter">
              <TextField
                meta={fields.supporter}
                label="Supporter number or one of their e-mail addresses"
                hint="The number on their page under Supporters. The gift takes the name on their records."
              />
            </WhoOption>
          </fieldset>

          <fieldset className="space-y-4">
            <legend className="text-lg font-semibold">The gift</legend>
            {line ? (
              <p>
                {formatPence(line.amountPence)} received {day(line.date)}, by bank transfer.
              </p>
            ) : (
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField meta={fields.receivedOn} label="Date received" type="date" />
                <TextField meta={fields.amount} label="Amount (£)" inputMode="decimal" placeholder="25.00" />
                <SelectField meta={fields.paidWith} label="Paid with" options={paidWithOptions} />
              </div>
            )}
            <TextareaField meta={fields.note} label="Note" rows={2} optional />
          </fieldset>

          <div className="space-y-2">
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Tick Gift Aid only when the donor gave this declaration (on paper, by e-mail or by phone). The thank-you
              e-mail quotes it, and how to cancel it.
            </p>
            <GiftAidFields fields={fields} words={giftAid} />
          </div>

          <CheckboxField meta={fields.sendThanks} label="Send a thank-you e-mail" />
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? "Recording…" : "Record gift"}
          </button>
        </Form>
      )}
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

/** One answer to "Who gave it": its radio button and the fields that go with it. */
function WhoOption({
  name,
  value,
  chosen,
  label,
  children,
}: {
  name: string;
  value: "new" | "existing";
  chosen: string | undefined;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-4 rounded-md border border-slate-200 p-4 dark:border-slate-700">
      <label className="flex items-center gap-2 font-semibold">
        <input
          type="radio"
          name={name}
          value={value}
          defaultChecked={chosen === value}
          className="h-4 w-4 accent-brand-700"
        />
        {label}
      </label>
      {children}
    </div>
  );
}
