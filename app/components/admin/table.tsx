import { Link, useNavigation } from "@remix-run/react";
import { Children, type ReactNode } from "react";
import { formatPence } from "~/utils/money";

// Staff tables and headed sections: one home for every staff table's markup and classes (the
// header row, the scroll wrapper, the cells) and the section heading, so every staff list reads
// (and is announced) the same way, and fits a phone. StaffTable draws a whole table in one of its
// looks; BoxedTable the boxed look of the long filtered lists (Donations, Supporters), whose
// count line is ListCount; other Donations pages compose that look from ScrollTable, TableHead,
// thClass and tdClass.

/** A column heading: its text, or the text with a right alignment for figures. */
export type Column = string | { label: ReactNode; key: string; align?: "right" };

const looks = {
  /** Compact lists (mail log, subscribers). */
  list: {
    table: "w-full text-left text-sm",
    headRow: "border-b border-slate-300 dark:border-slate-600",
    headCell: "p-2",
  },
  /** Money tables (Gift Aid): wider, with figures right-aligned. */
  figures: {
    table: "w-full min-w-[40rem] border-collapse",
    headRow: "border-b border-slate-200 dark:border-slate-700",
    headCell: "px-3 py-2 text-left text-sm font-semibold",
  },
  /** Many narrow columns (the HMRC schedule). */
  dense: {
    table: "w-full min-w-[48rem] border-collapse text-sm",
    headRow: "border-b border-slate-200 dark:border-slate-700",
    headCell: "px-2 py-2 text-left font-semibold",
  },
} as const;

/** The body-row border and cell padding that go with the `list` look. */
export const listRow = "border-b border-slate-200 align-top dark:border-slate-700";
export const listCell = "p-2";

/**
 * A body row of a `stacked` table in the `list` look: one cell for each column, in order, each
 * named on a phone by its column's heading (its `data-label`), so a heading is written once.
 */
export function StackedRow({ columns, cells }: { columns: readonly string[]; cells: readonly ReactNode[] }) {
  return (
    <tr className={listRow}>
      {cells.map((cell, index) => (
        <td key={columns[index]} className={listCell} data-label={columns[index]}>
          {cell}
        </td>
      ))}
    </tr>
  );
}

/** A `list` row's cell for a person: their name, linking to the record, over their e-mail address. */
export function PersonCell({ to, name, email, label }: { to: string; name: string; email: string; label?: string }) {
  return (
    <td className={listCell} data-label={label}>
      <Link to={to} className="link font-semibold break-words">
        {name}
      </Link>
      <div className="break-all text-slate-700 dark:text-slate-300">{email}</div>
    </td>
  );
}

/** The body-row border and cell padding that go with the `figures` look. */
export const figuresRow = looks.figures.headRow;
export const figuresCell = "px-3 py-2 text-sm align-top";

export function StaffTable({
  columns,
  caption,
  look = "list",
  wide = false,
  stacked = false,
  className = "",
  empty,
  children,
}: {
  columns: readonly Column[];
  /** Read by screen readers (the table's caption, and the name of its scrolling region). */
  caption: string;
  look?: keyof typeof looks;
  /** At least 40rem wide (scrolls sideways on a phone rather than squeezing its columns). */
  wide?: boolean;
  /** One block per row on a phone, each cell named by its `data-label` (see ScrollTable). */
  stacked?: boolean;
  /** The scroll wrapper's classes (its margin). */
  className?: string;
  /** Said instead of the table when it has no rows ("No subscribers yet."). */
  empty?: ReactNode;
  /** The body rows. */
  children: ReactNode;
}) {
  if (empty !== undefined && Children.count(children) === 0) {
    return <p className={`${className} text-slate-700 dark:text-slate-300`}>{empty}</p>;
  }
  const style = looks[look];
  return (
    // Named apart from the section around it, which is often headed with the same words.
    <ScrollTable label={`${caption}, table`} className={className} stacked={stacked}>
      <table className={wide ? `${style.table} min-w-[40rem]` : style.table}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead>
          <tr className={style.headRow}>
            {columns.map((column) =>
              typeof column === "string" ? (
                <th key={column} scope="col" className={style.headCell}>
                  {column}
                </th>
              ) : (
                <th
                  key={column.key}
                  scope="col"
                  className={column.align === "right" ? `${style.headCell} text-right` : style.headCell}
                >
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollTable>
  );
}

/** A staff-page section with its heading, labelled by it for assistive technology. */
export function StaffSection({
  id,
  title,
  className = "mt-8",
  size = "xl",
  children,
}: {
  /** Unique on the page; the heading's id is `${id}-heading`. */
  id: string;
  title: ReactNode;
  className?: string;
  size?: "lg" | "xl";
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className={className}>
      <h3 id={headingId} className={size === "lg" ? "text-lg font-semibold" : "text-xl font-semibold"}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * The one wrapper of every staff table: a region of its own, named, that scrolls sideways when
 * the table is wider than a phone, so the page never does; focusable so keyboard users can
 * scroll it too. `relative`: the visually hidden parts of a table (sr-only headings, positioned
 * absolutely) stay inside it rather than widening the page. `stacked`: below the small
 * breakpoint each row becomes a block, each cell shown with its column's name (the cell's
 * `data-label`; app/tailwind.css, `.stacked-rows`).
 */
export function ScrollTable({
  label,
  className = "mt-4 rounded-lg border border-slate-200 dark:border-slate-700",
  stacked = false,
  children,
}: {
  label: string;
  /** Its margin and frame (the boxed look by default). */
  className?: string;
  stacked?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className={`${className} relative overflow-x-auto${stacked ? " stacked-rows" : ""}`}
    >
      {children}
    </section>
  );
}

export const thClass =
  "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300";
/** The boxed look's header row (Donations tables); a column may be a node (e.g. a visually hidden name). */
export function TableHead({ columns }: { columns: readonly ReactNode[] }) {
  return (
    <thead className="bg-slate-50 dark:bg-slate-800">
      <tr>
        {columns.map((column, index) => (
          <th key={index} scope="col" className={thClass}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export const tdClass = "px-3 py-2 align-top text-sm text-slate-900 dark:text-slate-100";

/** A table's closing total: its label (a row header) and the amount, each across `…Span` columns. */
export function TotalRow({
  label,
  pence,
  labelSpan,
  valueSpan,
}: {
  label: string;
  pence: number;
  labelSpan?: number;
  valueSpan: number;
}) {
  return (
    <tfoot>
      <tr>
        <th scope="row" className={thClass} colSpan={labelSpan}>
          {label}
        </th>
        <td className={`${tdClass} font-semibold`} colSpan={valueSpan}>
          {formatPence(pence)}
        </td>
      </tr>
    </tfoot>
  );
}

/** The boxed look's whole table (the long filtered lists): the named scrolling region, the header row and the body rows. */
export function BoxedTable({
  label,
  columns,
  stacked = false,
  children,
}: {
  label: string;
  columns: readonly ReactNode[];
  stacked?: boolean;
  children: ReactNode;
}) {
  return (
    <ScrollTable label={label} stacked={stacked}>
      <table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
        <TableHead columns={columns} />
        <tbody className="divide-y divide-slate-200 bg-white dark:divide-slate-700 dark:bg-slate-900">{children}</tbody>
      </table>
    </ScrollTable>
  );
}

/** Whether the browser is fetching the list at `path` (its address without the query) again, after Filter or a page link. */
export function useListLoading(path: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "loading" && navigation.location.pathname === path;
}

/**
 * The line above a filtered list, announced as it changes: loading (see useListLoading), why
 * the filters cannot be used, that nothing matches, or how many match and which page this is.
 */
export function ListCount({
  busy,
  problem,
  total,
  noun,
  page,
  pageCount,
}: {
  busy: boolean;
  /** Said instead of the count when the filters are refused. */
  problem?: string;
  total: number;
  /** The thing listed, one and many: ["pledge", "pledges"]. */
  noun: readonly [string, string];
  page: number;
  pageCount: number;
}) {
  const text = busy
    ? "Loading…"
    : (problem ??
      (total === 0
        ? `No ${noun[1]} match.`
        : `${total.toLocaleString("en-GB")} ${total === 1 ? noun[0] : noun[1]}, page ${page} of ${pageCount}`));
  return (
    <p className="mt-6 text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
      {text}
    </p>
  );
}
