import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { adminPaths, sectionOf } from "~/utils/admin-paths";

const headings: Record<number, string> = {
  400: "That request could not be answered",
  403: "No access",
  404: "Not found",
};

/**
 * The staff area's one error boundary: every dashboard route exports it, so a missing record
 * (a thrown `notFound`), a refused role (403) or a bad request (400) is answered inside the
 * dashboard, with its navigation still on screen and a way back to the section the address belongs to
 * (to the overview after a 403).
 * The thrown response's text is the message; anything else gets a generic one (the server's
 * error details never reach the browser in production).
 */
export function StaffErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.data
      ? error.data
      : "Something went wrong. Please try again.";
  // A refused role cannot open the section it asked for: the way back is the overview.
  const section = status === 403 ? sectionOf(adminPaths.dashboard) : sectionOf(pathname);
  return (
    <div role="alert">
      <h2 className="text-2xl font-semibold">{headings[status] ?? headings[400]}</h2>
      <p className="mt-2 text-slate-800 dark:text-slate-200">{message}</p>
      <Link to={section.to} className="btn-primary mt-6">
        Back to {section.label}
      </Link>
    </div>
  );
}
