import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ComponentProps, ReactNode } from "react";
import { NewsletterPage } from "~/components/newsletter-page";
import { GIVING_DESCRIPTION, GIVING_TITLE } from "~/content/giving-link";
import { givingPaths } from "~/utils/giving-paths";
import { pageMeta } from "~/utils/meta";

// The frame of every page of Your giving where the donor confirms or changes one thing (cancel
// a declaration, stop or change a monthly gift, make a declaration, change their address): a
// page of its own (with or without JavaScript), what it means, then one form that posts to the
// page's action, with the way back to their account.

/** The page's meta: its title (or the one its loader sends, as `words.title`), never indexed. */
export function givingMeta(title?: string): MetaFunction {
  return ({ data, matches }) => {
    const sent = (data as { words?: { title?: string } } | undefined)?.words?.title;
    return pageMeta({ title: title ?? sent ?? GIVING_TITLE, description: GIVING_DESCRIPTION, noindex: true }, matches);
  };
}

export function GivingConfirmPage({
  title,
  lead,
  note,
  effects,
  confirm,
  keep,
  form,
  children,
}: {
  title: string;
  lead: ReactNode;
  /** A point the donor must not miss, shown as a callout. */
  note?: string;
  /** What confirming does, as a list. */
  effects?: readonly string[];
  confirm: string;
  keep: string;
  /** The form's own attributes (a light form's props). */
  form?: Omit<ComponentProps<typeof Form>, "method" | "children">;
  /** The form's fields, above its buttons. */
  children?: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <NewsletterPage title={title}>
      {typeof lead === "string" ? <p>{lead}</p> : lead}
      {note ? (
        <p className="rounded-md border-l-4 border-amber-500 bg-amber-50 p-3 text-base text-slate-900 dark:bg-slate-800 dark:text-slate-100">
          {note}
        </p>
      ) : null}
      {effects ? (
        <ul className="list-disc space-y-1 pl-6 text-base">
          {effects.map((effect) => (
            <li key={effect}>{effect}</li>
          ))}
        </ul>
      ) : null}
      <Form method="post" className="space-y-4" {...form}>
        {children}
        <div className="flex flex-wrap items-center gap-4 pt-2">
          <button type="submit" className="btn-primary" disabled={busy}>
            {confirm}
          </button>
          <Link to={givingPaths.account} className="link text-base">
            {keep}
          </Link>
        </div>
      </Form>
    </NewsletterPage>
  );
}
