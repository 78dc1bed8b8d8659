import { Form, useActionData, useNavigation } from "@remix-run/react";
import { CheckboxField, ErrorList, Honeypot, TextareaField, TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/error-summary";
import { volunteerConsentText, volunteerForm as copy } from "~/content/volunteer-form";
import { volunteerConstraint } from "~/supporters/schemas/volunteer-limits";
import { CharityText } from "~/components/charity";
import { Panel } from "~/components/ui/panel";
import { getFormProps, useForm, type FormOptions, type SubmissionResult } from "~/utils/light-form";

// The application form at the end of the Volunteers, Internships and Advisory Board pages: a light
// form (app/utils/light-form.ts, no zod in the page), checked in the browser with the rules the
// server applies (app/supporters/schemas/volunteer-rules.ts), loaded on the form's first focus to keep the
// page under its JavaScript budget; until then, and without JavaScript, the server answers with
// the errors and the input kept.

let validate: FormOptions["validate"] | null = null;
let loading = false;
function loadChecks() {
  if (validate || loading) return;
  loading = true;
  import("~/supporters/schemas/volunteer-checks").then(
    (module) => {
      validate = module.volunteerChecks.validate ?? null;
    },
    () => {
      loading = false; // offline for a moment: try again on the next focus
    },
  );
}

const checks: FormOptions = {
  constraint: volunteerConstraint,
  shouldValidate: "onBlur",
  shouldRevalidate: "onInput",
  validate: (payload, submitting) => validate?.(payload, submitting) ?? {},
};

function Interests({
  formId,
  interests,
  initial,
  errors,
}: {
  formId: string;
  interests: readonly string[];
  initial: unknown;
  errors?: string[];
}) {
  const id = `${formId}-interests`;
  const chosen = Array.isArray(initial) ? initial : typeof initial === "string" ? [initial] : [];
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  if (interests.length === 0) return null;
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      aria-describedby={errors?.length ? `${hintId} ${errorId}` : hintId}
      className="min-w-0"
    >
      <legend className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {copy.labels.interests}
        <span className="font-normal text-slate-600 dark:text-slate-400"> (optional)</span>
      </legend>
      <p id={hintId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {copy.hints.interests}
      </p>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {interests.map((interest, index) => (
          <div key={interest} className="flex items-start gap-2">
            <input
              id={`${id}-${index}`}
              type="checkbox"
              name="interests"
              value={interest}
              form={formId}
              defaultChecked={chosen.includes(interest)}
              className="mt-1 h-4 w-4 shrink-0 rounded border-slate-400 accent-brand-700"
            />
            <label htmlFor={`${id}-${index}`} className="text-sm text-slate-800 dark:text-slate-200">
              {interest}
            </label>
          </div>
        ))}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}

export function VolunteerForm({
  interests,
  email,
  mailto,
}: {
  interests: readonly string[];
  email: string;
  mailto: string;
}) {
  const actionData = useActionData<{ result?: SubmissionResult }>();
  const [form, fields] = useForm({ id: "volunteer-application", lastResult: actionData?.result, ...checks });
  const busy = useNavigation().state === "submitting";
  return (
    <Panel title={copy.heading} className="mt-10">
      <p>{copy.intro}</p>
      <Form method="post" {...getFormProps(form)} onFocus={loadChecks} className="mt-6 space-y-5">
        <ErrorSummary form={form} />
        <Honeypot />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField meta={fields.name} label={copy.labels.name} autoComplete="name" />
          <TextField meta={fields.email} label={copy.labels.email} type="email" autoComplete="email" />
          <TextField
            meta={fields.phone}
            label={copy.labels.phone}
            type="tel"
            autoComplete="tel"
            optional
            hint={copy.hints.phone}
          />
          <TextField
            meta={fields.district}
            label={copy.labels.district}
            autoComplete="postal-code"
            hint={copy.hints.district}
          />
        </div>
        <TextField meta={fields.availability} label={copy.labels.availability} hint={copy.hints.availability} />
        <Interests
          formId={form.id}
          interests={interests}
          initial={fields.interests.initialValue}
          errors={fields.interests.errors}
        />
        <TextareaField
          meta={fields.experience}
          label={copy.labels.experience}
          rows={4}
          optional
          hint={copy.hints.experience}
        />
        <TextareaField meta={fields.why} label={copy.labels.why} rows={5} />
        <CheckboxField meta={fields.consent} label={<CharityText text={volunteerConsentText} />} />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Sending…" : copy.submit}
        </button>
      </Form>
      <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">
        Questions first? E-mail us at{" "}
        <a href={mailto} className="link">
          {email}
        </a>
        .
      </p>
    </Panel>
  );
}
