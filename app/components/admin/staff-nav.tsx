import { Link, useLocation } from "@remix-run/react";
import { dashboardSections, groupedSections, sectionOf, type DashboardSection } from "~/utils/admin-paths";
import { ChevronDownIcon } from "~/components/ui/icon";

/**
 * The staff area's sections, grouped (Content, Money, People, Admin), as plain links: each is a
 * nested route, so they work without JavaScript. The current section is marked for screen
 * readers (aria-current) and by more than colour (weight and a bar).
 */
function SectionLinks({ sections }: { sections: readonly DashboardSection[] }) {
  const { pathname } = useLocation();
  const current = sectionOf(pathname);
  return (
    <div className="space-y-5">
      {groupedSections(sections).map((group) => (
        <div key={group.id}>
          {group.label ? (
            <p className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
              {group.label}
            </p>
          ) : null}
          <ul className="mt-1 space-y-0.5">
            {group.sections.map((section) => {
              const isCurrent = section === current;
              return (
                <li key={section.to}>
                  <Link
                    to={section.to}
                    aria-current={isCurrent ? "page" : undefined}
                    className={`block rounded-md border-l-4 px-3 py-2 text-sm ${
                      isCurrent
                        ? "border-brand-700 bg-brand-50 font-semibold text-brand-800 dark:border-brand-300 dark:bg-slate-800 dark:text-brand-200"
                        : "border-transparent text-slate-800 hover:bg-slate-100 hover:text-slate-950 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white"
                    }`}
                  >
                    {section.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}

/**
 * On a wide screen a sidebar; on a phone a menu that opens without JavaScript (a <details>).
 * Only one of the two is displayed at a width, and each has its own name, so the landmarks
 * stay distinct. `sections`: the ones the signed-in person may open (all of them until staff have
 * roles).
 */
export function StaffNav({ sections = dashboardSections }: { sections?: readonly DashboardSection[] }) {
  const { pathname } = useLocation();
  const current = sectionOf(pathname);
  return (
    <>
      {/* key: a navigation closes the phone menu (a new element), with or without JavaScript. */}
      <details key={pathname} className="group border-b border-slate-200 lg:hidden dark:border-slate-700">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-4 py-3 font-semibold [&::-webkit-details-marker]:hidden">
          <span>
            Menu<span className="font-normal text-slate-700 dark:text-slate-300"> · {current.label}</span>
          </span>
          <ChevronDownIcon size={16} className="transition-transform group-open:rotate-180" />
        </summary>
        <nav aria-label="Staff sections menu" className="px-2 pb-4">
          <SectionLinks sections={sections} />
        </nav>
      </details>
      <nav aria-label="Staff sections" className="hidden lg:block">
        <SectionLinks sections={sections} />
      </nav>
    </>
  );
}
