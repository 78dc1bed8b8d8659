import type { ReactNode } from "react";

/**
 * A staff page's title row: its heading and, beside it (below it on a phone), the page's main
 * actions (add, invite, export), side by side and wrapping on a narrow screen. `id` names the
 * heading, for a section labelled by it.
 */
export function StaffPageTitle({ title, id, children }: { title: ReactNode; id?: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <h2 id={id} className="text-2xl font-semibold">
        {title}
      </h2>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}
