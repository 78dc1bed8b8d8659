import type { ReactNode } from "react";

/** A staff page's list of records, or the sentence that says there is none yet. */
export function ListOrEmpty<T>({
  items,
  empty,
  ordered = false,
  className,
  children,
}: {
  items: readonly T[];
  empty: ReactNode;
  ordered?: boolean;
  className: string;
  /** Each item's `<li>`. */
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <p className="mt-2 text-slate-700 dark:text-slate-300">{empty}</p>;
  const List = ordered ? "ol" : "ul";
  return <List className={className}>{items.map(children)}</List>;
}
