import { getInputProps, getSelectProps, getTextareaProps, type FieldMeta } from "~/utils/light-form";
import type { ReactNode } from "react";
import { HONEYPOT_FIELD } from "~/utils/honeypot";
import { ErrorSummary } from "./error-summary";

// Field primitives for the light forms (app/utils/light-form.ts) and the staff area's Conform forms. Errors are linked with aria-describedby and shown
// under the control; the same markup renders on the server, so JavaScript-off visitors see
// the errors and their input after a failed submission.

// Pages with no field of their own take the error summary from here too: error-summary.tsx then
// reaches the browser only with this module, and the two (with light-form.ts) ship as one chunk.
export { ErrorSummary };
// For the staff area's layout (app/components/admin/steady-submit.ts): taken from here, not from
// light-form.ts, so that this module and light-form.ts still reach the same pages and share a chunk.
export { watchSubmitPress } from "~/utils/light-form";

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="field-error">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/**
 * A form-level message (e.g. a failed save) as the error summary a refused form starts with;
 * a Conform form uses ErrorSummary itself, which adds its fields' messages.
 */
export function FormError({
  id,
  errors,
  className,
}: {
  id?: string;
  /** The messages; an empty one (no error this time) is left out, and with none nothing is drawn. */
  errors?: readonly (string | null | undefined)[] | null;
  /** Its margin. */
  className?: string;
}) {
  const problems = errors?.filter((message): message is string => Boolean(message)).map((message) => ({ message }));
  return <ErrorSummary id={id} className={className} problems={problems} />;
}

function Label({ htmlFor, children, optional }: { htmlFor: string; children: ReactNode; optional?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
      {children}
      {optional ? <span className="font-normal text-slate-600 dark:text-slate-400"> (optional)</span> : null}
    </label>
  );
}

type InputType = "text" | "email" | "tel" | "url" | "password" | "number" | "search" | "datetime-local" | "date";

/** Help under a label, linked to the control with aria-describedby. */
function Hint({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
      {children}
    </p>
  );
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(" ");
  return list || undefined;
}

/** Label, optional hint, the control and its errors: the frame every field shares. */
function FieldFrame({
  meta,
  label,
  optional,
  hint,
  className,
  children,
}: {
  meta: FieldMeta;
  label: ReactNode;
  optional?: boolean;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <Label htmlFor={meta.id} optional={optional}>
        {label}
      </Label>
      <Hint id={hintId(meta)}>{hint}</Hint>
      {children}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

function hintId(meta: FieldMeta): string {
  return `${meta.id}-hint`;
}

export function TextField({
  meta,
  label,
  type = "text",
  optional,
  autoComplete,
  inputMode,
  placeholder,
  className,
  hint,
}: {
  meta: FieldMeta;
  label: ReactNode;
  type?: InputType;
  optional?: boolean;
  autoComplete?: string;
  inputMode?: "numeric" | "decimal" | "email" | "tel" | "url" | "text";
  placeholder?: string;
  className?: string;
  hint?: ReactNode;
}) {
  const { key, ...props } = getInputProps(meta, { type, ariaAttributes: true });
  return (
    <FieldFrame meta={meta} label={label} optional={optional} hint={hint} className={className}>
      <input
        key={key}
        {...props}
        aria-describedby={describedBy(hint ? hintId(meta) : undefined, props["aria-describedby"])}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        className="field-input"
      />
    </FieldFrame>
  );
}

/** A file chooser; its form must post as multipart/form-data. */
export function FileField({
  meta,
  label,
  accept,
  optional,
  hint,
  className,
}: {
  meta: FieldMeta;
  label: ReactNode;
  accept: string;
  optional?: boolean;
  hint?: ReactNode;
  className?: string;
}) {
  const { key, ...props } = getInputProps(meta, { type: "file", ariaAttributes: true });
  return (
    <FieldFrame meta={meta} label={label} optional={optional} hint={hint} className={className}>
      <input
        key={key}
        {...props}
        accept={accept}
        aria-describedby={describedBy(hint ? hintId(meta) : undefined, props["aria-describedby"])}
        className="field-input"
      />
    </FieldFrame>
  );
}

export function TextareaField({
  meta,
  label,
  rows = 6,
  optional,
  className,
  hint,
}: {
  meta: FieldMeta;
  label: ReactNode;
  rows?: number;
  optional?: boolean;
  className?: string;
  hint?: ReactNode;
}) {
  const { key, ...props } = getTextareaProps(meta);
  return (
    <FieldFrame meta={meta} label={label} optional={optional} hint={hint} className={className}>
      <textarea
        key={key}
        {...props}
        aria-describedby={describedBy(hint ? hintId(meta) : undefined, props["aria-describedby"])}
        rows={rows}
        className="field-input"
      />
    </FieldFrame>
  );
}

export function SelectField({
  meta,
  label,
  options,
  placeholder,
  className,
  optional,
  hint,
}: {
  meta: FieldMeta;
  label: ReactNode;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  className?: string;
  optional?: boolean;
  hint?: ReactNode;
}) {
  const { key, ...props } = getSelectProps(meta);
  return (
    <FieldFrame meta={meta} label={label} optional={optional} hint={hint} className={className}>
      <select
        key={key}
        {...props}
        aria-describedby={describedBy(hint ? hintId(meta) : undefined, props["aria-describedby"])}
        className="field-input"
      >
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function CheckboxField({ meta, label, className }: { meta: FieldMeta; label: ReactNode; className?: string }) {
  const { key, ...props } = getInputProps(meta, { type: "checkbox", ariaAttributes: true });
  return (
    <div className={className}>
      <div className="flex items-center gap-2">
        <input key={key} {...props} className="h-4 w-4 rounded border-slate-400 accent-brand-700" />
        <label htmlFor={meta.id} className="text-sm text-slate-800 dark:text-slate-200">
          {label}
        </label>
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function Honeypot() {
  return (
    <div className="hidden" aria-hidden="true">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
