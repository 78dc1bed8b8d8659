import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** The link above a staff record's page back to its list. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p>
      <Link to={to} className="link">
        {children}
      </Link>
    </p>
  );
}
