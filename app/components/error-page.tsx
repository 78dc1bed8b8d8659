import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

/** "404 Not Found" for a thrown response, the message of an error, or a generic text. */
export function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    return `${error.status} ${error.statusText || (error.status === 404 ? "Not Found" : "Error")}`;
  }
  // In production Remix has already replaced server errors' messages and stacks.
  if (error instanceof Error) return error.message;
  return "Unknown error";
}

/** A page that is only a message: heading, one paragraph and a way on. */
export function MessagePage({
  title,
  text,
  link,
}: {
  title: string;
  text: string;
  link: { to: string; label: string };
}) {
  return (
    <section className="container-page py-20 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{text}</p>
      <Link to={link.to} className="btn-primary mt-8">
        {link.label}
      </Link>
    </section>
  );
}

/**
 * The site-wide failure page: 'Unexpected Application Error!' and the error text
 * (docs/decisions/0007-errors.md). A missing page also says so in plain words and offers the
 * places visitors most often want instead.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container-page py-20 text-center">
      <h1 className="text-3xl font-bold">Unexpected Application Error!</h1>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{describeError(error)}</p>
      {notFound ? (
        <p className="mx-auto mt-4 max-w-xl text-slate-700 dark:text-slate-300">
          We could not find the page you asked for. It may have moved, or the address may have a typing mistake.
        </p>
      ) : null}
      <nav aria-label="Where to go next" className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          Go to the home page
        </Link>
        {notFound ? (
          <>
            <Link to="/news" className="btn-secondary">
              Read the latest news
            </Link>
            <Link to="/donate" className="btn-secondary">
              Donate
            </Link>
          </>
        ) : null}
      </nav>
    </section>
  );
}

/**
 * A public page's error boundary: its own message (and the way back) when the record it shows
 * is missing (a thrown 404), the site-wide failure page otherwise. Not rethrown: during the
 * server render React has no boundary above to catch it.
 */
export function MissingOrError(notFound: { title: string; text: string; link: { to: string; label: string } }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <MessagePage {...notFound} />;
  return <ErrorPage error={error} />;
}
