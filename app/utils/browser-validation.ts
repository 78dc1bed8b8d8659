import { fieldProblem, type FieldRules } from "~/schemas/field-rules";
import type { Constraint, FormErrors, FormOptions } from "~/utils/light-form";

type Issue = { path: string[]; message: string };
type CrossField = (payload: Record<string, unknown>) => Issue[];

/**
 * The options of a light form (app/utils/light-form.ts) that check it in the browser without
 * zod: each field against its rule (app/schemas/field-rules.ts), and optionally the form's rules
 * across fields (`crossField`, the same function the server's schema runs). The rules also
 * become `required` and `maxlength` attributes, so assistive technology announces them. The
 * server stays the authority: whatever it refuses arrives as the action's `lastResult`. With
 * `serverAnswersSubmit` the browser checks fields as they are left and edited, but a submit
 * always goes to the server (for a form whose Remix `<Form>` posts by fetch, not a reload).
 *
 * Create once per form, at module level: `const checks = browserValidation(contactRules)`.
 */
export function browserValidation(
  rules: FieldRules,
  crossField?: CrossField,
  options: { serverAnswersSubmit?: boolean } = {},
): FormOptions {
  const constraint: Record<string, Constraint> = {};
  for (const [name, rule] of Object.entries(rules)) {
    constraint[name] = { required: Boolean(rule.required), maxLength: rule.maxLength };
  }
  return {
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    validate(payload, submitting) {
      // A post the server answers as a whole (fetch, no reload), so every error shows at
      // once even where the browser knows only part of the rules.
      if (submitting && options.serverAnswersSubmit) return {};
      const error: FormErrors = {};
      for (const [name, rule] of Object.entries(rules)) {
        const problem = fieldProblem(rule, payload[name]);
        if (problem) error[name] = [problem];
      }
      for (const { path, message } of crossField?.(payload) ?? []) {
        const name = path.join(".");
        error[name] = [...(error[name] ?? []), message];
      }
      return error;
    },
  };
}

/**
 * Rules across fields whose code is loaded only when the visitor starts on the form
 * (`prepare`, e.g. on the form's first focus), keeping it out of the page's first load.
 * Until it has arrived `check` finds nothing, and the server's answer covers those rules.
 */
export function lazyCrossField(load: () => Promise<CrossField>): { check: CrossField; prepare: () => void } {
  let loaded: CrossField | null = null;
  let loading: Promise<void> | null = null;
  return {
    check: (payload) => loaded?.(payload) ?? [],
    prepare() {
      loading ??= load().then(
        (fn) => {
          loaded = fn;
        },
        () => {
          loading = null; // offline for a moment: try again on the next focus
        },
      );
    },
  };
}
