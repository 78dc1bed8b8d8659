import { Link } from "@remix-run/react";
import { staffAccountPages } from "~/content/staff-accounts";

/** What a staff link from an e-mail (invitation, password reset) shows when it no longer works. */
export function BadLinkNotice({ text, to, label }: { text: string; to: string; label: string }) {
  return (
    <>
      <h1 className="text-2xl font-bold">{staffAccountPages.badLinkTitle}</h1>
      <p className="mt-4 text-slate-800 dark:text-slate-200">{text}</p>
      <Link to={to} className="btn-primary mt-6">
        {label}
      </Link>
    </>
  );
}
