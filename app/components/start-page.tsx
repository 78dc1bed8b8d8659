import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CheckboxField, Honeypot, SelectField, TextareaField, TextField } from "~/components/ui/form";
import { PagePhotoFields, PageTitleAndTarget } from "~/components/supporter-page-fields";
import { ErrorSummary } from "~/components/ui/error-summary";
import { startPageCopy } from "~/content/start-page";
import { GetInvolvedArticle, type GetInvolvedData } from "~/components/get-involved-article";
import { startPageRules, tributeStartRules } from "~/causes/schemas/fundraising-rules";
import { browserValidation } from "~/schemas/field-rules";
import { getFormProps, useForm, type SubmissionResult } from "~/utils/light-form";

// The Share My Day and In Memoriam pages (get-involved.share-my-day.tsx, get-involved.memoriam.tsx),
// one module for both: "Start your page" in the Get Involved frame
// (app/components/get-involved-article.tsx). Routes of their own, so that these pages do not carry
// the volunteer application form, nor the volunteer pages this form. A started page lands on its
// confirmation page (get-involved.$page_.started.tsx).

type StartKind = "share-my-day" | "memoriam";

const checks = { "share-my-day": browserValidation(startPageRules), memoriam: browserValidation(tributeStartRules) };

interface StartPageData extends GetInvolvedData {
  appeals: { slug: string; title: string }[];
  appeal: string | null;
}

function StartPageForm({
  kind,
  appeals,
  appeal,
}: {
  kind: StartKind;
  appeals: StartPageData["appeals"];
  appeal: string | null;
}) {
  const actionData = useActionData<{ fileNotKept?: boolean; result?: SubmissionResult }>();
  const chosen = appeal && appeals.some((a) => a.slug === appeal) ? appeal : "";
  const [form, fields] = useForm({
    id: "start-page",
    lastResult: actionData?.result,
    defaultValue: { appeal: chosen },
    ...checks[kind],
  });
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
      {appeals.length > 0 ? (
        <SelectField
          meta={fields.appeal}
          label={startPageCopy.appealLabel}
          optional
          hint={startPageCopy.appealHint}
          placeholder={startPageCopy.noAppeal}
          options={appeals.map((a) => ({ value: a.slug, label: a.title }))}
        />
      ) : null}
      <PageTitleAndTarget title={fields.title} target={fields.target} tribute={tribute} />
      <TextareaField
        meta={fields.story}
        label={tribute ? "Their story" : "Your story"}
        rows={6}
        hint={tribute ? "A few words about them, shown on the page." : "Why you are raising money: shown on your page."}
      />
      <PagePhotoFields
        image={fields.image}
        imageAlt={fields.image_alt}
        tribute={tribute}
        fileNotKept={Boolean(actionData?.fileNotKept)}
      />
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
  const { page, appeals, appeal } = useLoaderData<StartPageData>();
  return (
    <GetInvolvedArticle page={page}>
      <section aria-labelledby="start-page-heading" className="mt-10">
        <h2 id="start-page-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
          {startPageCopy.heading}
        </h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {kind === "memoriam" ? startPageCopy.tributeLead : startPageCopy.lead}
        </p>
        <StartPageForm kind={kind} appeals={appeals} appeal={appeal} />
      </section>
    </GetInvolvedArticle>
  );
}
