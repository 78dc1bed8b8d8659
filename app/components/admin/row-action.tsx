import { Form } from "@remix-run/react";

/**
 * A button in a staff table row that posts one `intent` about that row's record (end a session,
 * resend or withdraw an invitation). `post` is what it sends: the intent (the button's own
 * value) and the record's id under its field name, e.g. `{ intent: "end", session: 12 }`.
 * The button shows its verb ("End") and names the record for screen readers in a visually
 * hidden part ("the session of Firefox on Linux"), so each row's button is told apart.
 */
export function RowActionForm({
  post: { intent, ...record },
  className = "btn-secondary",
  verb,
  what,
}: {
  post: { intent: string } & Record<string, string | number>;
  className?: string;
  /** What the button shows: "Remove". */
  verb: string;
  /** The record it acts on, heard after the verb: "the redirect from /old". */
  what: string;
}) {
  return (
    <Form method="post">
      {Object.entries(record).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" name="intent" value={intent} className={className}>
        {verb}
        <span className="sr-only"> {what}</span>
      </button>
    </Form>
  );
}
