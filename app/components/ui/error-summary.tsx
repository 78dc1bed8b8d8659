import type { FormMetadata } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { errorSummaryHeading } from "~/content/forms";

// The GOV.UK error summary: a refused form starts with "There is a problem" and a list of what
// is wrong, each field's message a link to that field. Server-rendered, so without JavaScript
// a refused form shows it first; with JavaScript, focus moves to it after each refused submit
// (and when a page arrives with it), so the reader hears it and the page scrolls to it.

/** One problem: its message and, for a field, the id of the control it links to. */
export interface Problem {
  message: string;
  fieldId?: string;
}

/**
 * The problems a Conform form holds: the form's own messages first (no link), then each field's
 * first message, linked to the element whose id Conform gives the field (`${form.id}-${name}`).
 * A field drawn as a group (radios) carries that id on its fieldset.
 */
export function formProblems(
  form: Pick<FormMetadata<Record<string, unknown>, string[]>, "id" | "allErrors">,
): Problem[] {
  const problems: Problem[] = [];
  for (const [name, errors] of Object.entries(form.allErrors)) {
    const message = errors?.[0];
    if (!message) continue;
    if (name === "") problems.unshift({ message });
    else problems.push({ message, fieldId: `${form.id}-${name}` });
  }
  return problems;
}

/**
 * Moves focus to the summary without the field it leaves seeing a blur: the field was focused by
 * the form's own checks a moment ago, and checking it again on that blur would drop the other
 * fields' messages (Conform validates a blurred field alone).
 */
function focusWithoutBlur(element: HTMLElement | null): void {
  if (!element) return;
  const stop = (event: FocusEvent) => event.stopPropagation();
  window.addEventListener("focusout", stop, { capture: true });
  try {
    element.focus();
  } finally {
    window.removeEventListener("focusout", stop, { capture: true });
  }
}

type SummaryForm = Pick<FormMetadata<Record<string, unknown>, string[]>, "id" | "allErrors" | "errorId">;

export function ErrorSummary({
  form,
  problems: given,
  id,
  className,
}: {
  /** A Conform form: its messages and its fields' (see formProblems). */
  form?: SummaryForm;
  /** Problems of a form without Conform (or added to a Conform form's). */
  problems?: readonly Problem[];
  /** The summary's id; a Conform form's errorId by default (its aria-describedby when refused). */
  id?: string;
  /** Its margin, where the form's own spacing does not place it. */
  className?: string;
}) {
  const fieldProblems = form ? formProblems(form) : [];
  // A form's own problems are summed up once it has been sent (or arrived refused), not while
  // the browser checks each field as it is left.
  const [sent, setSent] = useState(fieldProblems.length > 0);
  const problems = [...(sent ? fieldProblems : []), ...(given ?? [])];
  const ref = useRef<HTMLDivElement>(null);
  const navigation = useNavigation();
  // Set by a submit of this summary's form; cleared once the answer is shown.
  const submitted = useRef(false);
  // What had focus while the form was on its way to the server: the answer takes focus only
  // from there, not from wherever the visitor has gone since.
  const focusWhileSending = useRef<Element | null>(null);
  const formId = form?.id;
  const shown = problems.length > 0;
  const headingId = useId();

  useEffect(() => {
    if (shown) focusWithoutBlur(ref.current);
    // Only as the page arrives; later, only after a submit (below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const element = formId ? document.getElementById(formId) : ref.current?.closest("form");
    if (!element) return;
    const onSubmit = () => {
      submitted.current = true;
      focusWhileSending.current = null;
      setSent(true);
    };
    element.addEventListener("submit", onSubmit);
    return () => element.removeEventListener("submit", onSubmit);
  }, [formId]);

  useEffect(() => {
    // After a submit: once the browser's own checks refused it, or the server's answer is in.
    if (!submitted.current) return;
    if (navigation.state !== "idle") {
      focusWhileSending.current ??= document.activeElement;
      return;
    }
    if (!shown) return;
    submitted.current = false;
    // A visitor who moved on while the answer was coming (to a field, or already to one of
    // this summary's links) keeps their place; the summary is still announced (role=alert).
    const before = focusWhileSending.current;
    const active = document.activeElement;
    if (before && active !== before && active !== document.body) return;
    focusWithoutBlur(ref.current);
  });

  if (!shown) return null;
  return (
    <div
      ref={ref}
      id={id ?? form?.errorId}
      role="alert"
      aria-labelledby={headingId}
      tabIndex={-1}
      className={`${className ?? ""} rounded-md border-2 border-red-700 bg-red-50 p-4 text-red-900 focus:outline-3 focus:outline-offset-2 focus:outline-amber-400 dark:border-red-400 dark:bg-red-950 dark:text-red-100`}
    >
      <h2 id={headingId} className="text-lg font-bold">
        {errorSummaryHeading}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {problems.map((problem, index) => (
          <li key={`${problem.fieldId ?? ""}${index}`}>
            {problem.fieldId ? (
              <a
                href={`#${problem.fieldId}`}
                className="font-semibold underline"
                onClick={(event) => {
                  const field = document.getElementById(problem.fieldId!);
                  const control = field?.matches("fieldset") ? field.querySelector("input, select, textarea") : field;
                  if (!(control instanceof HTMLElement)) return;
                  event.preventDefault();
                  control.focus();
                  control.scrollIntoView({ block: "center" });
                }}
              >
                {problem.message}
              </a>
            ) : (
              problem.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
