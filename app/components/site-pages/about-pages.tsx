import { Link } from "@remix-run/react";
import { CharityText, useCharity } from "~/components/charity";
import { ChevronDownIcon } from "~/components/ui/icon";
import type { ShownPage } from "~/publishing/schemas/site-pages";
import { charityRegister } from "~/utils/charity-text";

// The About pages' bodies as visitors see them, drawn from a page's words (its live revision on the
// public routes, its draft in the staff-only preview: docs/site-editor.md). The words arrive
// ready: the charity's current details in place, Markdown already HTML (rendered on the server,
// raw HTML off).

/** Markdown rendered on the server (app/infra/markdown.server.ts), as a page's running text. */
export function PageMarkdown({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`article-text ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function AboutOverviewView({ page }: { page: ShownPage }) {
  const charity = useCharity();
  const registration = [
    { label: `Registered charity number (${charityRegister(charity.charityNumber)})`, value: charity.charityNumber },
    { label: "Company number", value: charity.companyNumber },
  ];
  return (
    <article className="max-w-3xl">
      <h1 className="text-4xl font-bold text-slate-900 dark:text-white">{page.fields.heading}</h1>
      <PageMarkdown
        html={page.fields.bodyHtml ?? ""}
        className="mt-5 text-lg text-slate-700 [&>*+*]:mt-5 dark:text-slate-300"
      />
      <h2 className="mt-10 text-2xl font-semibold text-slate-900 dark:text-white">Registration</h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        {registration.map((entry) => (
          <div key={entry.label} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <dt className="text-sm text-slate-700 dark:text-slate-300">{entry.label}</dt>
            <dd className="mt-1 text-xl font-semibold text-slate-900 dark:text-white">{entry.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-10 text-slate-700 dark:text-slate-300">
        Meet{" "}
        <Link to="/about/team" className="link">
          our team
        </Link>
        , read{" "}
        <Link to="/about/history" className="link">
          our history
        </Link>{" "}
        or{" "}
        <Link to="/contact" className="link">
          contact us
        </Link>
        .
      </p>
    </article>
  );
}

export function HistoryView({ page }: { page: ShownPage }) {
  return (
    <>
      <h1 className="text-4xl font-bold text-slate-900 dark:text-white">{page.fields.heading}</h1>
      <ol className="mt-10 max-w-3xl space-y-10 border-l-2 border-brand-700 pl-8 dark:border-brand-300">
        {(page.lists.milestones ?? []).map((milestone, i) => (
          <li key={i} className="relative">
            <span
              aria-hidden="true"
              className="absolute -left-[2.55rem] top-1.5 h-4 w-4 rounded-full border-2 border-white bg-brand-700 dark:border-slate-950 dark:bg-brand-300"
            />
            <h2 className="text-2xl font-semibold text-slate-900 dark:text-white">
              <span className="block text-base font-semibold text-brand-700 dark:text-brand-300">
                {milestone.period}
              </span>
              {milestone.title}
            </h2>
            <p className="mt-2 text-lg text-slate-700 dark:text-slate-300">
              <CharityText text={milestone.text} />
            </p>
          </li>
        ))}
      </ol>
    </>
  );
}

export function FaqView({ page }: { page: ShownPage }) {
  return (
    <>
      <h1 className="text-4xl font-bold text-slate-900 dark:text-white">{page.fields.heading}</h1>
      {/* <details> opens and closes with or without JavaScript and tells screen readers its state. */}
      <div className="mt-10 max-w-3xl divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
        {(page.lists.questions ?? []).map((item, i) => (
          <details key={i} className="group p-5">
            <summary className="flex items-center justify-between gap-4 text-lg font-semibold text-slate-900 marker:content-none dark:text-white [&::-webkit-details-marker]:hidden">
              {item.question}
              <ChevronDownIcon size={18} className="shrink-0 transition-transform group-open:rotate-180" />
            </summary>
            <PageMarkdown
              html={item.answerHtml ?? ""}
              className="mt-3 text-slate-700 [&>*+*]:mt-3 dark:text-slate-300"
            />
          </details>
        ))}
      </div>
    </>
  );
}

function MemberList({ members }: { members: Record<string, string>[] }) {
  return (
    <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {members.map((member, i) => (
        <li key={`${member.role}-${i}`} className="rounded-lg border border-slate-200 p-5 dark:border-slate-700">
          {member.photo ? (
            <img
              src={member.photo}
              alt={member.photoAlt ?? ""}
              width={96}
              height={96}
              loading="lazy"
              className="mb-4 h-24 w-24 rounded-full object-cover"
            />
          ) : null}
          <p className="text-lg font-semibold text-slate-900 dark:text-white">{member.name}</p>
          <p className="mt-1 text-slate-700 dark:text-slate-300">{member.role}</p>
          {member.bio ? <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{member.bio}</p> : null}
        </li>
      ))}
    </ul>
  );
}

export function TeamView({ page }: { page: ShownPage }) {
  const people = page.lists.people ?? [];
  return (
    <>
      <h1 className="text-4xl font-bold text-slate-900 dark:text-white">{page.fields.heading}</h1>
      <p className="mt-5 max-w-3xl text-lg text-slate-700 dark:text-slate-300">{page.fields.intro}</p>
      <section aria-labelledby="trustees-heading" className="mt-10">
        <h2 id="trustees-heading" className="text-2xl font-semibold text-slate-900 dark:text-white">
          {page.fields.trusteesHeading}
        </h2>
        <MemberList members={people.filter((p) => p.group === "trustee")} />
      </section>
      <section aria-labelledby="officers-heading" className="mt-12">
        <h2 id="officers-heading" className="text-2xl font-semibold text-slate-900 dark:text-white">
          {page.fields.staffHeading}
        </h2>
        <MemberList members={people.filter((p) => p.group !== "trustee")} />
      </section>
    </>
  );
}
