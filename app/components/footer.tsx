import { Link } from "@remix-run/react";
import type { FrameLinks } from "~/content/navigation";
import { site } from "~/content/site";
import { useCharity } from "./charity";

const headingClass = "text-sm font-semibold uppercase tracking-wide text-slate-900 dark:text-white";
const linkClass =
  "text-sm text-slate-700 hover:text-brand-800 hover:underline dark:text-slate-300 dark:hover:text-brand-200";

function LinkList({ title, links }: { title: string; links: { label: string; to: string }[] }) {
  return (
    <div>
      <h2 className={headingClass}>{title}</h2>
      <ul className="mt-3 space-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Links to other sites, each opening in a new tab (and saying so to screen readers). */
function ExternalLinks({ links, className }: { links: readonly { label: string; href: string }[]; className: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} className={linkClass} target="_blank" rel="noopener noreferrer">
            {link.label}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The site's footer; `links` come from the root loader (none when that loader failed). */
export function Footer({ links }: { links?: FrameLinks }) {
  const charity = useCharity();
  const footerLinks = links?.footer ?? { explore: [], projects: [], legal: [], partnershipPlaceholders: [] };
  const chapters = links?.chapters ?? [];
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="container-page grid gap-8 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-brand-800 dark:text-brand-200">{charity.name}</p>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{site.tagline}</p>
          <h2 className={`${headingClass} mt-6`}>Follow us</h2>
          <ExternalLinks links={links?.social ?? []} className="mt-3 flex flex-wrap gap-3" />
        </div>
        <LinkList title="Explore" links={footerLinks.explore} />
        <LinkList title="Our Projects" links={footerLinks.projects} />
        <div>
          <LinkList title="Legal" links={footerLinks.legal} />
          <h2 className={`${headingClass} mt-6`}>Partner with us</h2>
          <ul className="mt-3 space-y-2">
            {footerLinks.partnershipPlaceholders.map((label) => (
              <li key={label}>
                {/* The partnership forms do not exist yet: these lead to the contact form instead. */}
                <Link to="/contact?subject=partnership" className={linkClass}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
          {chapters.length > 0 ? (
            <>
              <h2 className={`${headingClass} mt-6`}>Sister chapters</h2>
              <ExternalLinks links={chapters} className="mt-3 space-y-2" />
            </>
          ) : null}
        </div>
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <div className="container-page flex flex-col gap-1 py-6 text-sm text-slate-700 sm:flex-row sm:justify-between dark:text-slate-300">
          <div>
            <p>
              © {charity.name}. Registered charity number {charity.charityNumber}. Company number{" "}
              {charity.companyNumber}.
            </p>
            {charity.registeredOffice ? (
              <p className="mt-1">Registered office: {charity.registeredOffice.split("\n").join(", ")}</p>
            ) : null}
          </div>
          {links ? <p>Registered in {links.register}.</p> : null}
        </div>
      </div>
    </footer>
  );
}
