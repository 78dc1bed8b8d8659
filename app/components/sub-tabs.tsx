import { NavLink } from "@remix-run/react";

export interface SubTab {
  label: string;
  to: string;
}

/**
 * A section's tab bar: real links to nested routes, so it works without JavaScript and the
 * current tab (aria-current="page", set by NavLink) survives a reload. `end` keeps a parent
 * tab such as Overview (/about) from also matching its siblings (/about/team).
 */
export function SubTabs({ label, tabs }: { label: string; tabs: readonly SubTab[] }) {
  return (
    <nav aria-label={label} className="border-b border-slate-200 dark:border-slate-700">
      <ul className="-mb-px flex flex-wrap gap-x-2">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end
              className={({ isActive }) =>
                `inline-block border-b-2 px-4 py-3 text-sm font-semibold ${
                  isActive
                    ? "border-brand-700 text-brand-700 dark:border-brand-300 dark:text-brand-300"
                    : "border-transparent text-slate-700 hover:border-slate-400 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
                }`
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
