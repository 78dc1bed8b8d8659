import { Link, useLocation } from "@remix-run/react";
import { sectionOf, sectionsFor, type Role } from "~/utils/admin-paths";

/**
 * The dashboard's sections as links (each a nested route, so they work without
 * JavaScript). News Management stays current while an article dialog is open over it.
 * On a narrow screen the tabs wrap onto more rows rather than hiding off-screen, so every
 * section stays visible and reachable with Tab.
 */
export function DashboardTabs({ role }: { role: Role }) {
  const { pathname } = useLocation();
  const current = sectionOf(pathname);
  // Only the sections this person's role may open (the server refuses the others with 403).
  const tabs = sectionsFor(role).map((section) => ({ ...section, current: section.to === current.to }));
  return (
    <nav aria-label="Dashboard sections" className="mt-8 border-b border-slate-200 dark:border-slate-700">
      <ul className="-mb-px flex flex-wrap gap-x-1 gap-y-0">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Link
              to={tab.to}
              aria-current={tab.current ? "page" : undefined}
              className={`inline-block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-semibold sm:px-4 ${
                tab.current
                  ? "border-brand-700 text-brand-700 dark:border-brand-300 dark:text-brand-300"
                  : "border-transparent text-slate-700 hover:border-slate-400 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
              }`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
