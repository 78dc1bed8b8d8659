import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A button in a staff table row that posts one `intent` about that row's record (end a session,
 * resend or withdraw an invitation): the record's id goes in a hidden field named `field`.
 * The button's text names the record for screen readers (a visually hidden part).
 */
export function RowActionForm({
  field,
  id,
  intent,
  className = "btn-secondary",
  children,
}: {
  field: string;
  id: number | string;
  intent: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name={field} value={id} />
      <button type="submit" name="intent" value={intent} className={className}>
        {children}
      </button>
    </Form>
  );
}
