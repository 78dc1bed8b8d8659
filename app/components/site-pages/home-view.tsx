import { CardGrid, CardItem, PageSection } from "~/components/ui/card-grid";
import { Link } from "@remix-run/react";
import { HeroSlideshow } from "~/components/hero-slideshow";
import { NewsCard, type NewsCardArticle } from "~/components/news-card";
import { HERO_IMAGE_SIZE, HERO_INTERVAL_MS } from "~/content/hero";
import { homeStatistics } from "~/content/statistics";
import type { ShownPage } from "~/publishing/schemas/site-pages";

// The home page's body (app/routes/_public+/_index.tsx), also drawn by the staff-only preview of
// its draft (docs/site-editor.md).

/** A home-page band: full-width background, centred heading, content in the page column. */
const pillarIcons = [
  // Healthcare Access: a medical cross.
  "M9 3h6v6h6v6h-6v6H9v-6H3V9h6z",
  // Education & Support: an open book.
  "M3 5c3-1 6-1 9 1 3-2 6-2 9-1v14c-3-1-6-1-9 1-3-2-6-2-9-1zM12 6v14",
  // Community Partnerships: two linked rings.
  "M9 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zM15 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10z",
];

/** The home page, from its words (live, or a draft in the staff-only preview) and the recent articles' cards. */
export function HomeView({ page, articles }: { page: ShownPage; articles: NewsCardArticle[] }) {
  const welcome = { heading: page.fields.welcomeHeading, intro: page.fields.welcomeIntro };
  const mission = {
    heading: page.fields.missionHeading,
    intro: page.fields.missionIntro,
    pillars: page.lists.pillars ?? [],
  };
  const closingCallToAction = { heading: page.fields.closingHeading, text: page.fields.closingText };
  const currentNeeds = page.lists.needs ?? [];
  const heroSlides = (page.lists.slides ?? []).map((slide) => ({
    src: slide.image,
    alt: slide.alt,
    caption: slide.caption,
  }));

  return (
    <>
      <div className="container-page pt-6">
        <HeroSlideshow slides={heroSlides} intervalMs={HERO_INTERVAL_MS} {...HERO_IMAGE_SIZE} />
      </div>

      <section className="container-page py-14 text-center">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
          {welcome.heading}
        </h1>
        <p className="mx-auto mt-5 max-w-3xl text-lg text-slate-700 dark:text-slate-300">{welcome.intro}</p>
      </section>

      <PageSection id="impact" title="Our Impact" className="bg-brand-50 py-14 dark:bg-slate-900">
        <dl className="mt-10 grid grid-cols-2 gap-8 text-center lg:grid-cols-4">
          {homeStatistics.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse">
              <dt className="mt-2 text-base font-medium text-slate-700 dark:text-slate-300">{stat.label}</dt>
              <dd className="text-4xl font-extrabold text-brand-700 dark:text-brand-300">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </PageSection>

      <PageSection id="mission" title={mission.heading} className="py-16">
        <p className="mx-auto mt-4 max-w-3xl text-center text-lg text-slate-700 dark:text-slate-300">{mission.intro}</p>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {mission.pillars.map((pillar, i) => (
            <li key={i} className="rounded-lg border border-slate-200 p-6 dark:border-slate-700">
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                width="40"
                height="40"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinejoin="round"
                className="text-brand-700 dark:text-brand-300"
              >
                <path d={pillarIcons[i % pillarIcons.length]} />
              </svg>
              <h3 className="mt-4 text-xl font-semibold text-slate-900 dark:text-white">{pillar.title}</h3>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{pillar.text}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="needs" title="Current Needs" className="bg-slate-50 py-16 dark:bg-slate-900">
        <CardGrid>
          {currentNeeds.map((need, i) => (
            <CardItem
              key={i}
              title={need.title}
              text={need.text}
              surface="bg-white dark:bg-slate-950"
              action={
                <Link to="/donate" className="btn-primary mt-5 self-start">
                  {need.linkLabel}
                </Link>
              }
            />
          ))}
        </CardGrid>
      </PageSection>

      <PageSection id="recent" title="Recent Activities" className="py-16">
        {articles.length > 0 ? (
          <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {articles.map((article) => (
              <li key={article.id} className="flex [&>article]:w-full">
                <NewsCard article={article} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-6 text-center text-slate-700 dark:text-slate-300">No news yet. Check back soon!</p>
        )}
        <div className="mt-10 text-center">
          <Link to="/news" className="btn-secondary">
            View All News
          </Link>
        </div>
      </PageSection>

      <section aria-labelledby="cta-heading" className="bg-brand-800 py-16 text-white dark:bg-brand-900">
        <div className="container-page text-center">
          <h2 id="cta-heading" className="text-3xl font-bold">
            {closingCallToAction.heading}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-50">{closingCallToAction.text}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <Link to="/get-involved" className="btn bg-white text-brand-800 hover:bg-brand-50">
              Get Involved
            </Link>
            <Link to="/donate" className="btn-donate">
              Donate Today
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
