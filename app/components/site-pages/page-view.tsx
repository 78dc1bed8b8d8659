import type { ReactNode } from "react";
import { GetInvolvedArticle } from "~/components/get-involved-article";
import { LegalDocument } from "~/components/legal-document";
import type { LegalPage } from "~/content/legal";
import { SubTabs } from "~/components/sub-tabs";
import type { NewsCardArticle } from "~/components/news-card";
import { aboutTabs } from "~/content/about";
import type { ShownPage } from "~/publishing/schemas/site-pages";
import { AboutOverviewView, FaqView, HistoryView, TeamView } from "./about-pages";
import { HomeView } from "./home-view";
import { ValueExampleList } from "~/components/value-examples";

// A page as visitors see it, by its key: the staff-only preview of a draft
// (app/routes/_public+/preview.pages.$key.tsx) draws each page with the same parts as its public
// route, inside the same frame (the About tabs, the Get Involved article).

function AboutFrame({ children }: { children: ReactNode }) {
  return (
    <div className="container-page py-10">
      <SubTabs label="About us" tabs={aboutTabs} />
      <div className="pt-10">{children}</div>
    </div>
  );
}

export function SitePageView({
  pageKey,
  page,
  articles = [],
  legal = null,
}: {
  pageKey: string;
  page: ShownPage;
  articles?: NewsCardArticle[];
  /** The privacy or terms page around its introduction (sent by the loader: its words stay out of the page's JavaScript). */
  legal?: LegalPage | null;
}) {
  switch (pageKey) {
    case "home":
      return <HomeView page={page} articles={articles} />;
    case "about":
      return (
        <AboutFrame>
          <AboutOverviewView page={page} />
        </AboutFrame>
      );
    case "history":
      return (
        <AboutFrame>
          <HistoryView page={page} />
        </AboutFrame>
      );
    case "faq":
      return (
        <AboutFrame>
          <FaqView page={page} />
        </AboutFrame>
      );
    case "team":
      return (
        <AboutFrame>
          <TeamView page={page} />
        </AboutFrame>
      );
    case "privacy":
    case "terms":
      return legal ? <LegalDocument page={{ ...legal, intro: page.fields.intro }} /> : null;
    case "donate":
      return <DonatePreview page={page} />;
    default:
      return (
        <GetInvolvedArticle
          page={{
            slug: pageKey,
            title: page.fields.title,
            summary: page.fields.summary,
            bodyHtml: page.fields.bodyHtml ?? "",
          }}
        >
          {null}
        </GetInvolvedArticle>
      );
  }
}

/** The donate page's edited parts (the form around them is the same for every draft). */
function DonatePreview({ page }: { page: ShownPage }) {
  return (
    <div className="container-page py-12">
      <h1 className="text-4xl font-bold text-slate-900 dark:text-white">{page.fields.heroTitle}</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">{page.fields.heroLead}</p>
      <h2 className="mt-10 text-2xl font-semibold text-slate-900 dark:text-white">What your gift can do</h2>
      <ValueExampleList examples={page.lists.valueExamples ?? []} className="mt-4" />
      <h2 className="mt-10 text-2xl font-semibold text-slate-900 dark:text-white">Why donate?</h2>
      <ul className="mt-4 grid gap-6 md:grid-cols-3">
        {(page.lists.reasons ?? []).map((reason, i) => (
          <li key={i} className="rounded-lg border border-slate-200 p-6 dark:border-slate-700">
            <h3 className="text-xl font-semibold text-slate-900 dark:text-white">{reason.title}</h3>
            <p className="mt-2 text-slate-700 dark:text-slate-300">{reason.description}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
