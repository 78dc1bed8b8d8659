import { getFormProps, type FormMeta } from "~/utils/light-form";
import type { ReactNode } from "react";
import { Form, Link } from "@remix-run/react";
import { ErrorSummary } from "~/components/ui/error-summary";
import { staffAccountPages } from "~/content/staff-accounts";
import { SignInCard } from "~/components/admin/sign-in-card";

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

/**
 * The page a staff link from an e-mail opens (invitation, password reset): a card holding the
 * form while the link works, and `BadLinkNotice` with the way on when it no longer does.
 */
export function EmailLinkPage({
  usable,
  badLink,
  children,
}: {
  usable: boolean;
  badLink: { text: string; to: string; label: string };
  /** The heading, the introduction and the form. */
  children: ReactNode;
}) {
  return <SignInCard>{usable ? children : <BadLinkNotice {...badLink} />}</SignInCard>;
}

/** The form on such a page: its errors, the fields and one full-width button. */
export function EmailLinkForm({
  form,
  submitLabel,
  children,
}: {
  form: FormMeta;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
      <ErrorSummary form={form} />
      {children}
      <button type="submit" className="btn-primary w-full">
        {submitLabel}
      </button>
    </Form>
  );
}
