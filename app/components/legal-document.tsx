import type { LegalPage } from "~/content/legal";
import { CharityText } from "./charity";

export function LegalDocument({ page }: { page: LegalPage }) {
  return (
    <article className="container-page py-12">
      <div className="max-w-3xl">
        <h1 className="text-4xl font-bold text-slate-900 dark:text-white">{page.title}</h1>
        <p className="mt-5 text-lg text-slate-700 dark:text-slate-300">
          <CharityText text={page.intro} />
        </p>
        {page.sections.map((section) => (
          <section key={section.heading} className="mt-10">
            <h2 className="text-2xl font-semibold text-slate-900 dark:text-white">{section.heading}</h2>
            {section.paragraphs?.map((paragraph) => (
              <p key={paragraph} className="mt-4 text-slate-700 dark:text-slate-300">
                <CharityText text={paragraph} />
              </p>
            ))}
            {section.items ? (
              <dl className="mt-4 space-y-6">
                {section.items.map((item) => (
                  <div key={item.term}>
                    <dt className="text-lg font-semibold text-slate-900 dark:text-white">{item.term}</dt>
                    {item.details.map((detail) => (
                      <dd key={detail} className="mt-2 text-slate-700 dark:text-slate-300">
                        <CharityText text={detail} />
                      </dd>
                    ))}
                  </div>
                ))}
              </dl>
            ) : null}
          </section>
        ))}
      </div>
    </article>
  );
}
