import { Form, Link } from "@remix-run/react";
import { StaffPageTitle } from "./page-title";

// The filter form above a staff list: a GET form (the filters are in the address, so page links,
// exports and the back button keep them, with or without JavaScript): a search box, selects
// whose first choice ("Any …", value "") means no filter, Filter, and Clear filters when set.
// Each field shows the list's current filter under its own name (`q` for the search box).

const labelClass = "block text-sm font-medium text-slate-800 dark:text-slate-200";

export interface FilterSearchProps {
  label: string;
  maxLength: number;
  /** A line under the box saying what the search matches. */
  help?: string;
  /** Extra grid classes, e.g. to span two columns. */
  className?: string;
}

export interface FilterSelectProps {
  name: string;
  label: string;
  anyLabel: string;
  options: readonly { value: string; label: string }[];
}

/** The grid of a list with a wide search and up to three selects (the inbox, Volunteers). */
export const fourColumnFilters = {
  className: "mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end",
  actionsClassName: "flex flex-wrap gap-3 sm:col-span-2 lg:col-span-4",
} as const;

/** A filtered list's title, with the download of what the filter (any of its values set) shows. */
export function ListHeading({
  title,
  exportHref,
  filter,
}: {
  title: string;
  exportHref: string;
  filter: Record<string, unknown>;
}) {
  const filtered = Object.values(filter).some(Boolean);
  return (
    <StaffPageTitle title={title}>
      <a href={exportHref} className="btn-secondary" download>
        Export CSV{filtered ? " (filtered)" : ""}
      </a>
    </StaffPageTitle>
  );
}

export function FilterForm({
  idPrefix,
  action,
  className,
  actionsClassName = "flex flex-wrap items-end gap-3",
  values,
  search,
  selects,
}: {
  /** Field ids are `${idPrefix}-q`, `${idPrefix}-${select name}`. */
  idPrefix: string;
  action: string;
  /** The grid the fields sit in. */
  className: string;
  /** Where the buttons sit in that grid. */
  actionsClassName?: string;
  /** The filter the list shows now, by field name ("" where not set). */
  values: Readonly<Record<string, string | undefined>>;
  search: FilterSearchProps;
  selects: readonly FilterSelectProps[];
}) {
  const searchId = `${idPrefix}-q`;
  const helpId = `${searchId}-help`;
  const filtered = Boolean(values.q) || selects.some((select) => values[select.name]);
  return (
    <Form method="get" action={action} role="search" className={className}>
      <div className={search.className}>
        <label htmlFor={searchId} className={labelClass}>
          {search.label}
        </label>
        <input
          id={searchId}
          type="search"
          name="q"
          defaultValue={values.q}
          maxLength={search.maxLength}
          aria-describedby={search.help ? helpId : undefined}
          className="field-input"
        />
        {search.help ? (
          <p id={helpId} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            {search.help}
          </p>
        ) : null}
      </div>
      {selects.map((select) => (
        <div key={select.name}>
          <label htmlFor={`${idPrefix}-${select.name}`} className={labelClass}>
            {select.label}
          </label>
          <select
            id={`${idPrefix}-${select.name}`}
            name={select.name}
            defaultValue={values[select.name]}
            className="field-input"
          >
            <option value="">{select.anyLabel}</option>
            {select.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <FilterButtons className={actionsClassName} filtered={filtered} clearTo={action} />
    </Form>
  );
}

/** Filter, and Clear filters (back to the unfiltered list) while a filter is set. */
export function FilterButtons({
  className,
  filtered,
  clearTo,
}: {
  /** Where the buttons sit in the form's grid. */
  className: string;
  filtered: boolean;
  /** The list without filters. */
  clearTo: string;
}) {
  return (
    <div className={className}>
      <button type="submit" className="btn-primary">
        Filter
      </button>
      {filtered ? (
        <Link to={clearTo} className="btn-secondary">
          Clear filters
        </Link>
      ) : null}
    </div>
  );
}
