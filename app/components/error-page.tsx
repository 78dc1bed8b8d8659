import { isRouteErrorResponse, Link } from "@remix-run/react";

/** "404 Not Found" for a thrown response, the message of an error, or a generic text. */
export function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    return `${error.status} ${error.statusText || (error.status === 404 ? "Not Found" : "Error")}`;
  }
  // In production Remix has already replaced server errors' messages and stacks.
  if (error instanceof Error) return error.message;
  return "Unknown error";
}

/** The site-wide failure page: 'Unexpected Application Error!' and the error text (docs/decisions.md#7-errors). */
export function ErrorPage({ error }: { error: unknown }) {
  return (
    <section className="container-page py-20 text-center">
      <h1 className="text-3xl font-bold">Unexpected Application Error!</h1>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{describeError(error)}</p>
      <Link to="/" className="btn-primary mt-8">
        Go to the home page
      </Link>
    </section>
  );
}
