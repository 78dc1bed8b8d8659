import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { CONFIRMED_FIELD, CONFIRMED_VALUE } from "~/utils/confirmation";
import { useHydrated } from "~/utils/hydrated";

/**
 * A post that asks first. With JavaScript the browser asks (confirm) and the post carries
 * confirmed=yes; without it the post carries nothing, and the server answers with a
 * confirmation page instead of acting (see app/utils/confirmation.ts).
 */
export function ConfirmForm({
  action,
  question,
  className,
  hidden,
  children,
}: {
  action: string;
  question: string;
  className?: string;
  /** Extra hidden fields, e.g. the e-mail address a privacy erasure is for. */
  hidden?: Record<string, string>;
  /** The submit button. */
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <Form
      method="post"
      action={action}
      className={className}
      onSubmit={(event) => {
        if (!window.confirm(question)) event.preventDefault();
      }}
    >
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {hydrated ? <input type="hidden" name={CONFIRMED_FIELD} value={CONFIRMED_VALUE} /> : null}
      {children}
    </Form>
  );
}

/** The confirmation page's own form: it carries the confirmation, so it acts at once. */
export function ConfirmedForm({
  action,
  hidden,
  className,
  children,
}: {
  action?: string;
  hidden?: Record<string, string>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action} className={className}>
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name={CONFIRMED_FIELD} value={CONFIRMED_VALUE} />
      {children}
    </Form>
  );
}
