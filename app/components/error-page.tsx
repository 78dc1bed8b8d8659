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

/** The site-wide failure page: 'Unexpected Application Error!' and the error text (docs/decisions.md#7-errors). */
export function ErrorPage({ error }: { error: unknown }) {
  return (
    <MessagePage
      title="Unexpected Application Error!"
      text={describeError(error)}
      link={{ to: "/", label: "Go to the home page" }}
    />
  );
}
