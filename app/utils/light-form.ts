// Long because it is Conform's browser half for these forms in one piece: state, checks as
// fields are left and edited, the submit, the server's answer and the prop getters.
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from "react";

// The public forms' browser half, in place of Conform's (about 10 KB gzipped, which put the
// form pages over their JavaScript budget): the same ids, attributes and behaviour for what
// these forms use. Errors show for the fields the visitor has left (or all of them after a
// submit the browser refused); a field with an error is checked again as it is edited; the
// server's answer (`lastResult`, Conform's reply, built on the server) shows its errors (the
// error summary above the form takes the focus); an answer with `initialValue: null` empties
// the form. Without JavaScript the server renders the same markup with the errors and the
// values kept. The prop getters (`getInputProps`…) accept Conform's own field metadata too, so
// the shared field components (app/components/ui/form.tsx) serve the staff forms, which keep
// Conform.

/** What the field components read of a field: Conform's metadata has it all too. */
export interface FieldMeta {
  id: string;
  name: string;
  errorId: string;
  formId: string;
  errors?: string[];
  key?: string;
  initialValue?: unknown;
  required?: boolean;
  maxLength?: number;
  minLength?: number;
}

export interface FormMeta {
  id: string;
  errorId: string;
  errors?: string[];
  /** Every shown error by field name ("" for the form's own), for the error summary. */
  allErrors: FormErrors;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  noValidate: boolean;
  /** Sets a field's value and forgets that it was checked (e.g. the password after a refusal). */
  update: (change: { name: string; value: string; validated?: boolean }) => void;
}

/** The server's answer to a post, as Conform's `submission.reply()` makes it. */
export interface SubmissionResult {
  status?: "error" | "success";
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
}

export type Constraint = { required?: boolean; maxLength?: number; minLength?: number };

/** Errors by field name ("" for the form's own). */
export type FormErrors = Record<string, string[]>;

export interface FormOptions {
  id?: string;
  lastResult?: SubmissionResult | null;
  defaultValue?: Record<string, string | undefined>;
  constraint?: Record<string, Constraint>;
  /** When a field is first checked: as it is left, or only when the form is sent. */
  shouldValidate?: "onBlur" | "onSubmit";
  /** When a field already checked is checked again. */
  shouldRevalidate?: "onInput" | "onBlur";
  /**
   * The browser's check of the whole form (without it, only the server checks). `submitting`:
   * the visitor sent the form; any error keeps it from being posted.
   */
  validate?: (payload: Record<string, FormDataEntryValue>, submitting: boolean) => FormErrors;
}

interface State {
  errors: FormErrors;
  validated: Record<string, boolean>;
  initialValue: Record<string, unknown>;
  /** Bumped when the form is emptied, so that every control starts again from its default. */
  generation: number;
}

function serverErrors(result: SubmissionResult | null | undefined, previous: FormErrors): FormErrors {
  const errors: FormErrors = {};
  for (const [name, messages] of Object.entries(result?.error ?? {})) {
    const kept = messages === null ? previous[name] : messages;
    if (kept?.length) errors[name] = kept;
  }
  return errors;
}

function initialState(options: FormOptions): State {
  const errors = serverErrors(options.lastResult, {});
  return {
    errors,
    validated: Object.fromEntries(Object.keys(errors).map((name) => [name, true])),
    initialValue: options.lastResult?.initialValue ?? options.defaultValue ?? {},
    generation: 0,
  };
}

function payloadOf(form: HTMLFormElement): Record<string, FormDataEntryValue> {
  const payload: Record<string, FormDataEntryValue> = {};
  for (const [name, value] of new FormData(form)) if (!(name in payload)) payload[name] = value;
  return payload;
}

/** The errors to show: the check's, for the fields already checked. */
function shown(errors: FormErrors, validated: Record<string, boolean>): FormErrors {
  return Object.fromEntries(Object.entries(errors).filter(([name]) => validated[name]));
}

function focusFirstError(formId: string, errors: FormErrors) {
  const form = document.forms.namedItem(formId);
  for (const element of Array.from(form?.elements ?? [])) {
    const name = (element as HTMLInputElement).name;
    if (name && errors[name]?.length && element instanceof HTMLElement) {
      element.focus();
      return;
    }
  }
}

/** Runs before the browser paints (so event handlers see this render's options); nothing on the server. */
const useClientLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** `const [form, fields] = useForm({ id, lastResult, ...checks })`, as with Conform. */
export function useForm(options: FormOptions): [FormMeta, Record<string, FieldMeta>] {
  const generatedId = useId();
  const formId = options.id ?? generatedId;
  const [state, setState] = useState(() => initialState(options));
  const latest = useRef(options);
  const stateRef = useRef(state);
  useClientLayoutEffect(() => {
    latest.current = options;
    stateRef.current = state;
  });

  // A new answer from the server (a post by fetch, or by this page's own fetcher).
  const handledResult = useRef(options.lastResult);
  useEffect(() => {
    const result = options.lastResult;
    if (!result || result === handledResult.current) return;
    handledResult.current = result;
    if (result.initialValue === null) {
      setState((previous) => ({
        errors: {},
        validated: {},
        initialValue: latest.current.defaultValue ?? {},
        generation: previous.generation + 1,
      }));
      return;
    }
    const errors = serverErrors(result, stateRef.current.errors);
    setState((previous) => ({
      ...previous,
      errors,
      validated: { ...previous.validated, ...Object.fromEntries(Object.keys(errors).map((name) => [name, true])) },
    }));
  }, [options.lastResult, formId]);

  /** Checks the form as it stands, marking `names` checked. */
  const check = useCallback((form: HTMLFormElement, names: string[], submitting: boolean): FormErrors => {
    const errors = latest.current.validate?.(payloadOf(form), submitting) ?? {};
    setState((previous) => ({
      ...previous,
      errors,
      validated: { ...previous.validated, ...Object.fromEntries(names.map((name) => [name, true])) },
    }));
    return errors;
  }, []);

  // Fields are checked as they are left and edited, by listening on the document as Conform
  // does, so the controls need no handlers of their own.
  useEffect(() => {
    const target = (event: Event): Control | null => {
      const element = event.target as Control | null;
      const form = element?.form;
      return form && form.id === formId && element.name ? element : null;
    };
    const [pressedSubmit, unwatch] = watchSubmitPress();
    const onFocusOut = (event: Event) => {
      const element = target(event);
      const { shouldValidate = "onSubmit", shouldRevalidate = shouldValidate, validate } = latest.current;
      if (!element || !validate || pressedSubmit() === element.form) return;
      const validated = stateRef.current.validated[element.name];
      if (validated ? shouldRevalidate === "onBlur" : shouldValidate === "onBlur") {
        check(element.form!, [element.name], false);
      }
    };
    const onInput = (event: Event) => {
      const element = target(event);
      const { shouldValidate = "onSubmit", shouldRevalidate = shouldValidate, validate } = latest.current;
      if (element && validate && stateRef.current.validated[element.name] && shouldRevalidate === "onInput") {
        check(element.form!, [element.name], false);
      }
    };
    document.addEventListener("focusout", onFocusOut);
    document.addEventListener("input", onInput);
    return () => {
      unwatch();
      document.removeEventListener("focusout", onFocusOut);
      document.removeEventListener("input", onInput);
    };
  }, [formId, check]);

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      if (!latest.current.validate) return;
      const form = event.currentTarget;
      const names = Array.from(form.elements)
        .map((element) => (element as Control).name)
        .filter(Boolean);
      const errors = check(form, names, true);
      if (Object.keys(errors).length) {
        event.preventDefault();
        focusFirstError(formId, errors);
      }
    },
    [check, formId],
  );

  const update = useCallback(
    ({ name, value, validated = false }: { name: string; value: string; validated?: boolean }) => {
      const control = document.forms.namedItem(formId)?.elements.namedItem(name);
      if (control && "value" in control) control.value = value;
      setState((previous) => {
        const errors = { ...previous.errors };
        if (!validated) delete errors[name];
        return { ...previous, errors, validated: { ...previous.validated, [name]: validated } };
      });
    },
    [formId],
  );

  const visible = shown(state.errors, state.validated);
  const form: FormMeta = {
    id: formId,
    errorId: `${formId}-error`,
    errors: visible[""],
    allErrors: visible,
    onSubmit,
    noValidate: true,
    update,
  };
  const { constraint } = options;
  const { initialValue, generation } = state;
  // Each field's metadata, made when a component asks for it (`fields.email`).
  const fields = new Proxy({} as Record<string, FieldMeta>, {
    get(_, name) {
      if (typeof name !== "string") return undefined;
      const id = `${formId}-${name}`;
      return {
        id,
        name,
        formId,
        errorId: `${id}-error`,
        errors: visible[name],
        key: generation ? `${generation}/${name}` : undefined,
        initialValue: initialValue[name],
        ...constraint?.[name],
      };
    },
  });
  return [form, fields];
}

/** Removes undefined values, so that props spread onto an element set only what is meant. */
function defined<T extends Record<string, unknown>>(props: T): T {
  for (const key of Object.keys(props)) if (props[key] === undefined) delete props[key];
  return props;
}

/** Conform's `ariaAttributes` option: these forms always want them. */
type AriaOptions = { ariaAttributes?: true };

/** `aria-invalid` on a control with errors, and `aria-describedby` naming its error list. */
function ariaProps(meta: { errors?: string[]; errorId: string }, control: boolean) {
  const invalid = meta.errors !== undefined;
  return { "aria-invalid": (control && invalid) || undefined, "aria-describedby": invalid ? meta.errorId : undefined };
}

export function getFormProps(form: Pick<FormMeta, "id" | "onSubmit" | "noValidate" | "errors" | "errorId">) {
  return defined({
    id: form.id,
    onSubmit: form.onSubmit,
    noValidate: form.noValidate,
    ...ariaProps(form, false),
  });
}

function controlProps(meta: FieldMeta) {
  return {
    key: meta.key,
    id: meta.id,
    name: meta.name,
    form: meta.formId,
    required: meta.required || undefined,
    ...ariaProps(meta, true),
  };
}

export function getInputProps(meta: FieldMeta, options: AriaOptions & { type: string; value?: string | false }) {
  const props: ReturnType<typeof controlProps> & {
    type: string;
    minLength?: number;
    maxLength?: number;
    value?: string;
    defaultChecked?: boolean;
    defaultValue?: string;
  } = { ...controlProps(meta), type: options.type, minLength: meta.minLength, maxLength: meta.maxLength };
  if (options.value !== false) {
    if (options.type === "checkbox" || options.type === "radio") {
      props.value = typeof options.value === "string" ? options.value : "on";
      props.defaultChecked = meta.initialValue === props.value;
    } else if (typeof meta.initialValue === "string") {
      props.defaultValue = meta.initialValue;
    }
  }
  return defined(props);
}

const initialText = (meta: FieldMeta) => (meta.initialValue == null ? undefined : String(meta.initialValue));

export function getTextareaProps(meta: FieldMeta) {
  return defined({
    ...controlProps(meta),
    minLength: meta.minLength,
    maxLength: meta.maxLength,
    defaultValue: initialText(meta),
  });
}

export function getSelectProps(meta: FieldMeta) {
  return defined({ ...controlProps(meta), defaultValue: initialText(meta) });
}

/** One radio button per option, as Conform's `getCollectionProps` (radios only). */
export function getCollectionProps(meta: FieldMeta, options: AriaOptions & { type: "radio"; options: string[] }) {
  return options.options.map((value) =>
    defined({
      ...controlProps(meta),
      key: `${meta.key ?? ""}${value}`,
      id: `${meta.id}-${value}`,
      type: options.type,
      value,
      defaultChecked: meta.initialValue === value,
    }),
  );
}

/**
 * Watches the mouse for a press on a submit button. A field left by that press must not show its
 * error on that blur: the message would move the button from under the pointer before the click
 * lands, and the visitor would have to click twice (the submit checks every field anyway).
 * Returns the pressed button's form while the button is held down, and how to stop watching.
 * The staff forms (Conform) use it too (app/routes/admin+/dashboard+/_layout.tsx).
 */
export function watchSubmitPress(): [pressedForm: () => HTMLFormElement | null, stop: () => void] {
  let pressed: HTMLFormElement | null = null;
  const onMouse = (event: MouseEvent) => {
    const button = (event.target as Element).closest?.("button, input") as HTMLButtonElement | null;
    pressed = event.type === "mousedown" && button?.type === "submit" ? button.form : null;
  };
  document.addEventListener("mousedown", onMouse, true);
  document.addEventListener("mouseup", onMouse, true);
  return [
    () => pressed,
    () => {
      document.removeEventListener("mousedown", onMouse, true);
      document.removeEventListener("mouseup", onMouse, true);
    },
  ];
}
