import { Form, Link, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import type { ReactNode } from "react";
import { CheckboxField, Honeypot, TextareaField, TextField } from "~/components/ui/form";
import { PagePhotoFields } from "~/components/page-photo-fields";
import { ErrorSummary } from "~/components/ui/error-summary";
import { site } from "~/content/site";
import { startPageCopy } from "~/content/start-page";
import type { GetInvolvedPage } from "~/content/get-involved";
import { startPageRules } from "~/schemas/fundraising-rules";
import { browserValidation } from "~/schemas/field-rules";
import { getFormProps, useForm, type SubmissionResult } from "~/utils/light-form";
import { pageMeta } from "~/utils/meta";

// The Share My Day and In Memoriam pages (get-involved.share-my-day.tsx, get-involved.memoriam.tsx),
// one module for both: the Get Involved frame (the way back, the title, the page's words), "Start
// your page" and the e-mail way to take part. Routes of their own, so that these pages do not carry
// the volunteer application form, nor the volunteer pages this form. The frame is written out
// again in get-involved.$page.tsx: shared, it would be a chunk of its own on every one of them.

type StartKind = "share-my-day" | "memoriam";

/** What the page uses of its loader's data (app/routes/_glue/get-involved.server.ts). */
interface GetInvolvedData {
  page: GetInvolvedPage;
  mailto: string;
  email: string;
}

export const getInvolvedMeta: MetaFunction<() => Promise<GetInvolvedData>> = ({ data, matches }) =>
  data
    ? pageMeta({ title: data.page.title, description: data.page.summary }, matches)
    : pageMeta(
        { title: "Page not found", description: `There is no such way to get involved with ${site.name}.` },
        matches,
      );

function GetInvolvedArticle({ page, children }: { page: GetInvolvedData["page"]; children: ReactNode }) {
  return (
    <div className="container-page py-12">
      <article className="max-w-3xl">
        <Link to="/get-involved" className="link">
          <span aria-hidden="true">← </span>Back to Get Involved
        </Link>
        <h1 className="mt-6 text-4xl font-bold text-slate-900 dark:text-white">{page.title}</h1>
        {page.paragraphs.map((paragraph) => (
          <p key={paragraph} className="mt-5 text-lg text-slate-700 dark:text-slate-300">
            {paragraph}
          </p>
        ))}
        {children}
      </article>
    </div>
  );
}

/** The e-mail way to take part, on the pages without an application form. */
function HowToTakePart({ mailto, email }: { mailto: string; email: string }) {
  return (
    // The look of app/components/ui/panel.tsx, written out: these pages' JavaScript is near its budget.
    <section
      aria-labelledby="how-to-take-part-heading"
      className="mt-10 rounded-lg border border-brand-200 bg-brand-50 p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id="how-to-take-part-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        How to take part
      </h2>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        Please contact us by e-mail at{" "}
        <a href={mailto} className="link">
          {email}
        </a>{" "}
        and tell us a little about yourself. We will reply as soon as we can.
      </p>
    </section>
  );
}

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
