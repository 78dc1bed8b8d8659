import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

/**
 * The error page of a donor's own pages (the thank-you page of a pledge, the return page of a card
 * gift): a reference that names nothing is said plainly, with the way to give again.
 */
export function pledgeErrorBoundary(noun: "pledge" | "gift") {
  return function PledgeErrorBoundary() {
    const error = useRouteError();
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return (
      <section className="container-page py-20 text-center">
        <h1 className="text-3xl font-bold">{notFound ? "Pledge not found" : "Unexpected Application Error!"}</h1>
        <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">
          {notFound
            ? `We could not find a ${noun} with that reference. Please check the link, or make a new ${noun}.`
            : `Something went wrong while loading your ${noun}.`}
        </p>
        <Link to="/donate" className="btn-primary mt-8">
          Go to the donate page
        </Link>
      </section>
    );
  };
}
