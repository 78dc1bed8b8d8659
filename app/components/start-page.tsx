import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CheckboxField, Honeypot, TextareaField, TextField } from "~/components/ui/form";
import { PagePhotoFields } from "~/components/page-photo-fields";
import { ErrorSummary } from "~/components/ui/error-summary";
import { startPageCopy } from "~/content/start-page";
import { GetInvolvedArticle, HowToTakePart, type GetInvolvedData } from "~/components/get-involved-article";
import { startPageRules } from "~/causes/schemas/fundraising-rules";
import { browserValidation } from "~/schemas/field-rules";
import { getFormProps, useForm, type SubmissionResult } from "~/utils/light-form";

// The Share My Day and In Memoriam pages (get-involved.share-my-day.tsx, get-involved.memoriam.tsx),
// one module for both: "Start your page" and the e-mail way to take part in the Get Involved frame
// (app/components/get-involved-article.tsx). Routes of their own, so that these pages do not carry
// the volunteer application form, nor the volunteer pages this form.

type StartKind = "share-my-day" | "memoriam";

const checks = browserValidation(startPageRules);

function StartPageForm({ kind }: { kind: StartKind }) {
  const actionData = useActionData<{ started?: boolean; result?: SubmissionResult }>();
  const [form, fields] = useForm({ id: "start-page", lastResult: actionData?.result, ...checks });
  if (actionData?.started) {
    return (
      <div role="status" className="mt-4">
        <h3 className="text-xl font-semibold text-slate-900 dark:text-white">{startPageCopy.sentHeading}</h3>
        <p className="mt-2">{startPageCopy.sentText}</p>
      </div>
    );
  }
  const tribute = kind === "memoriam";
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-4 space-y-5">
      <ErrorSummary form={form} />
      <Honeypot />
      <input type="hidden" name="kind" value={kind} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField meta={fields.name} label="Your name" autoComplete="name" />
        <TextField meta={fields.email} label="Your email address" type="email" autoComplete="email" />
      </div>
      {tribute ? (
        <TextField meta={fields.in_memory_of} label="The name of the person you remember" autoComplete="off" />
      ) : (
        <TextField
          meta={fields.occasion}
          label="The occasion"
          optional
          autoComplete="off"
          hint="A birthday, a wedding, a run…"
        />
      )}
      <TextField meta={fields.title} label="Page title" autoComplete="off" />
      <TextField meta={fields.target} label="Target (£)" inputMode="decimal" autoComplete="off" />
      <TextareaField
        meta={fields.story}
        label="Your story"
        rows={6}
        hint="Why you are raising money: shown on your page."
      />
      <PagePhotoFields image={fields.image} imageAlt={fields.image_alt} />
      {tribute ? null : (
        <CheckboxField meta={fields.sponsored} label="This is a sponsored event (a run, a swim, a challenge)" />
      )}
      <button type="submit" className="btn-primary">
        {startPageCopy.submit}
      </button>
    </Form>
  );
}

/** The whole page of Share My Day or In Memoriam, from its route's loader data. */
export function StartPageGetInvolved({ kind }: { kind: StartKind }) {
  const { page, mailto, email } = useLoaderData<GetInvolvedData>();
  return (
    <GetInvolvedArticle page={page}>
      <section aria-labelledby="start-page-heading" className="mt-10">
        <h2 id="start-page-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
          {startPageCopy.heading}
        </h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{startPageCopy.lead}</p>
        <StartPageForm kind={kind} />
      </section>
      <HowToTakePart mailto={mailto} email={email} />
    </GetInvolvedArticle>
  );
}
