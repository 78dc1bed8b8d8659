import { Link } from "@remix-run/react";

/** A list of the site's own pages as links (a page's quick links, search's "browse"). */
export function LinkList({ links, className }: { links: readonly { label: string; to: string }[]; className: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className="link">
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
