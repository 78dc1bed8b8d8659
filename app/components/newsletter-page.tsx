import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { CharityText } from "./charity";

/** The frame of the newsletter confirmation and unsubscribe pages. */
export function NewsletterPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="container-page max-w-2xl py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
      <div className="mt-4 space-y-4 text-lg text-slate-700 dark:text-slate-300">{children}</div>
    </section>
  );
}

interface PageText {
  title: string;
  text: string;
  link?: { to: string; label: string };
}

/**
 * A page behind an emailed link: its GET only shows a button (mail scanners that open links must
 * not act), its POST acts. Shows the outcome after the post, or why the link no longer works.
 */
export function TokenActionPage({
  valid,
  outcome,
  ask,
  done,
  bad,
}: {
  /** The loader's check of the link. */
  valid: boolean;
  /** The action's answer: undefined before the post. */
  outcome: boolean | undefined;
  ask: PageText & { button: string; intent?: string };
  done: PageText;
  bad: PageText;
}) {
  const busy = useNavigation().state === "submitting";
  if (outcome) return <TextPage page={done} status />;
  if (!valid || outcome === false) return <TextPage page={bad} />;
  return (
    <NewsletterPage title={ask.title}>
      <p>
        <CharityText text={ask.text} />
      </p>
      <Form method="post">
        {ask.intent ? <input type="hidden" name="intent" value={ask.intent} /> : null}
        <button type="submit" className="btn-primary" disabled={busy}>
          {ask.button}
        </button>
      </Form>
    </NewsletterPage>
  );
}

/** A page that only says something: its title, its text and, when it has one, a link onward. */
export function TextPage({ page, status }: { page: PageText; status?: boolean }) {
  return (
    <NewsletterPage title={page.title}>
      <p role={status ? "status" : undefined}>
        <CharityText text={page.text} />
      </p>
      {page.link ? (
        <p>
          <Link to={page.link.to} className="link">
            {page.link.label}
          </Link>
        </p>
      ) : null}
    </NewsletterPage>
  );
}
