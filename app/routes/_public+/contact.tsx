import type { PageCacheHandle } from "~/infra/page-cache.server";
import { getFormProps, useForm } from "~/utils/light-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, HeadersFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { Honeypot, SelectField, TextareaField, TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/error-summary";
import { LinkList } from "~/components/ui/link-list";
import { contactPage, contactQuickLinks, contactSubjects, isContactSubject } from "~/content/contact";
import { site } from "~/content/site";
import { useCharity } from "~/components/charity";
import { phoneText, telHref } from "~/utils/phone-numbers";
import { officeHoursRows, socialLinksOf } from "~/utils/charity-links";
import { contactSchema } from "~/supporters/schemas/contact";
import { contactRules } from "~/supporters/schemas/contact-rules";
import { browserValidation } from "~/schemas/field-rules";
import {
  json,
  redirect,
  submitEnquiry,
  CONTACT_SENT_PATH,
  receiptCookieHeader,
  handlePublicForm,
  pageHeaders,
} from "~/routes/_imports/contact-page.server";
import { pageMeta } from "~/utils/meta";
import { StrokeIcon } from "~/components/ui/icon";
import { PageBanner } from "~/components/page-banner";

/** Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts). */
export const handle: PageCacheHandle = { pageCache: true, query: ["subject"] };

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "Contact Us",
      description: `Contact ${site.name} by e-mail or WhatsApp: general questions, volunteering, donations, partnerships and media.`,
    },
    matches,
  );

/** ?subject=partnership (the footer's partnership links) preselects that subject. */
export async function loader({ request }: LoaderFunctionArgs) {
  const subject = new URL(request.url).searchParams.get("subject");
  return json({ subject: isContactSubject(subject) ? subject : null });
}

/** A refused post (429) keeps its Retry-After on the page shown without JavaScript. */
export const headers: HeadersFunction = (args) => pageHeaders(args);

export async function action({ request }: ActionFunctionArgs) {
  return handlePublicForm(request, {
    schema: contactSchema,
    async onValid(enquiry) {
      // Stored first: the visitor may have no mail app, or close the draft unsent. The next page
      // confirms that it arrived and offers the e-mail draft or WhatsApp chat they chose.
      const stored = await submitEnquiry(enquiry);
      const cookie = await receiptCookieHeader({ enquiryId: stored.id, channel: enquiry.channel });
      return redirect(`${CONTACT_SENT_PATH}?via=${enquiry.channel}`, {
        status: 303,
        headers: { "Set-Cookie": cookie },
      });
    },
  });
}

function SideCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
      <div className="mt-3 text-slate-700 dark:text-slate-300">{children}</div>
    </section>
  );
}

/** The browser checks the form without zod (kept out of the page's JavaScript). */
const checks = browserValidation(contactRules);

function ContactForm({ defaultSubject }: { defaultSubject: string | null }) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "contact",
    lastResult: actionData?.result,
    defaultValue: { subject: defaultSubject ?? undefined },
    ...checks,
  });

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <ErrorSummary form={form} />
      <Honeypot />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField meta={fields.name} label="Full Name" autoComplete="name" />
        <TextField meta={fields.email} label="Email Address" type="email" autoComplete="email" />
      </div>
      <SelectField meta={fields.subject} label="Subject" options={contactSubjects} placeholder="Select a subject" />
      <TextareaField meta={fields.message} label="Message" rows={6} />
      <p className="text-sm text-slate-700 dark:text-slate-300">{contactPage.handoffNote}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <button type="submit" name="channel" value="email" className="btn-primary">
          <StrokeIcon size={18}>
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="m3 7 9 6 9-6" />
          </StrokeIcon>
          Send via Email
        </button>
        <button
          type="submit"
          name="channel"
          value="whatsapp"
          className="btn bg-green-700 text-white hover:bg-green-800 dark:bg-green-700 dark:hover:bg-green-600"
        >
          <StrokeIcon size={18}>
            <path d="M4 20l1.3-3.9A8 8 0 1 1 8 19.1z" />
          </StrokeIcon>
          Send via WhatsApp
        </button>
      </div>
    </Form>
  );
}

export default function Contact() {
  const { subject } = useLoaderData<typeof loader>();
  const charity = useCharity();
  const phoneHref = charity.phone ? telHref(charity.phone) : null;
  return (
    <>
      <PageBanner title={contactPage.title} lead={contactPage.intro} />
      <div className="container-page grid gap-10 py-12 lg:grid-cols-3">
        <section aria-labelledby="contact-form-heading" className="lg:col-span-2">
          <h2 id="contact-form-heading" className="mb-6 text-2xl font-bold text-slate-900 dark:text-white">
            Send us a message
          </h2>
          {/* Keyed: following a ?subject= link from this very page must preselect it too. */}
          <ContactForm key={subject ?? ""} defaultSubject={subject} />
        </section>
        <div className="space-y-6">
          <SideCard title="Email">
            <a href={`mailto:${charity.email}`} className="link break-all">
              {charity.email}
            </a>
          </SideCard>
          {charity.phone ? (
            <SideCard title="Phone">
              {phoneHref ? (
                <a href={phoneHref} className="link">
                  {phoneText(charity.phone)}
                </a>
              ) : (
                charity.phone
              )}
            </SideCard>
          ) : null}
          <SideCard title="Office Hours">
            <dl className="space-y-1">
              {officeHoursRows(charity.officeHours).map(({ days, hours }) => (
                <div key={days} className="flex justify-between gap-4">
                  <dt className="font-medium text-slate-800 dark:text-slate-200">{days}</dt>
                  <dd className="whitespace-nowrap text-right">{hours}</dd>
                </div>
              ))}
            </dl>
          </SideCard>
          <SideCard title="Quick Links">
            <LinkList links={contactQuickLinks} className="space-y-2" />
          </SideCard>
          <SideCard title="Follow Us">
            <ul className="flex flex-wrap gap-4">
              {socialLinksOf(charity).map((link) => (
                <li key={link.label}>
                  <a href={link.href} className="link" target="_blank" rel="noopener noreferrer">
                    {link.label}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </SideCard>
        </div>
      </div>
    </>
  );
}
