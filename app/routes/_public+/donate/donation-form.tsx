import { getCollectionProps, getFormProps, getInputProps, useForm, type SubmissionResult } from "~/utils/light-form";
import { Form } from "@remix-run/react";
import type { ChangeEvent, ReactNode } from "react";
import { CheckboxField, ErrorList, Honeypot, TextField } from "~/components/ui/form";
import { GiftAidFields } from "~/components/gift-aid/gift-aid-fields";
import type { DonatePageWords } from "~/content/donate-page-words";
import { donationRules } from "~/giving/schemas/donation-field-rules";
import { browserValidation, lazyCrossField } from "~/schemas/field-rules";
import { useIsPending } from "~/utils/pending";

// The donate form: amounts, the monthly choice, Gift Aid with the home address and the card or
// bank choice, all working without JavaScript. The page (route.tsx) posts it to its action.

/**
 * A radio that looks like a button. The native control stays (for keyboards and assistive
 * tech), transparent and stretched over the whole label, so a click anywhere lands on it.
 */
function ToggleOption({
  input,
  onChange,
  children,
}: {
  input: ReturnType<typeof getCollectionProps>[number];
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  children: ReactNode;
}) {
  const { key, ...props } = input;
  return (
    <label className="toggle-option">
      <input
        key={key}
        {...props}
        onChange={onChange}
        className="absolute inset-0 m-0 h-full w-full cursor-pointer opacity-0"
      />
      {children}
    </label>
  );
}

/**
 * The browser runs the same rules as the server's schema without zod, which stays out of the
 * page's JavaScript, as fields are left and edited: the single fields at once, the amount,
 * phone and Gift Aid rules once their module has loaded on the form's first focus. A submit
 * goes to the server, which answers every error at once without a reload.
 */
const crossField = lazyCrossField(() =>
  import("~/giving/schemas/donation-rules").then((rules) => rules.donationIssues),
);
const checks = browserValidation(donationRules, crossField.check, { serverAnswersSubmit: true });

/** The form's state (Conform), kept by the page: its error summary is at the top of the page. */
export function useDonationForm(lastResult: SubmissionResult | undefined) {
  return useForm({
    id: "donate",
    lastResult,
    defaultValue: { type: "one-time", payBy: "card" },
    ...checks,
  });
}

type DonationFormState = ReturnType<typeof useDonationForm>;

/** The donate form, drawn from its state (useDonationForm). */
export function DonationForm({
  cardPayments,
  state: [form, fields],
  words,
  children,
  singleGift = false,
}: {
  cardPayments: boolean;
  /** A gift through a supporter's page: one-time only, and for the page (no "in honour or memory"). */
  singleGift?: boolean;
  state: DonationFormState;
  /** The page's words, from its loader. */
  words: DonatePageWords;
  /** What the gift goes to (an appeal or a supporter's page), at the top of the form. */
  children?: ReactNode;
}) {
  const busy = useIsPending({ formAction: "/donate" });
  const {
    donationTypes,
    presetAmounts,
    payByOptions,
    paymentNote,
    cardPaymentNote,
    directDebitGuarantee,
    directDebitMark,
  } = words.form;

  // With JavaScript the two ways of choosing an amount exclude each other on screen; without
  // it the server applies the same rule (a filled custom amount wins), see resolveDonationAmount.
  const clearCustomAmount = (event: ChangeEvent<HTMLInputElement>) => {
    const custom = event.currentTarget.form?.elements.namedItem(fields.customAmount.name);
    if (custom instanceof HTMLInputElement) custom.value = "";
  };
  const clearPreset = (event: ChangeEvent<HTMLInputElement>) => {
    if (event.currentTarget.value.trim() === "") return;
    const presets = event.currentTarget.form?.querySelectorAll<HTMLInputElement>(`input[name="${fields.amount.name}"]`);
    presets?.forEach((radio) => {
      radio.checked = false;
    });
  };

  const { key: customKey, ...customProps } = getInputProps(fields.customAmount, { type: "text", ariaAttributes: true });

  return (
    <Form method="post" {...getFormProps(form)} onFocus={crossField.prepare} className="space-y-8">
      <Honeypot />
      {children}

      {singleGift ? (
        <input type="hidden" name={fields.type.name} value="one-time" />
      ) : (
        <fieldset id={fields.type.id}>
          <legend className="text-base font-semibold text-slate-900 dark:text-white">Donation type</legend>
          <div className="mt-3 grid max-w-sm grid-cols-2 gap-3">
            {getCollectionProps(fields.type, {
              type: "radio",
              options: donationTypes.map((t) => t.value),
              ariaAttributes: true,
            }).map((input) => (
              <ToggleOption key={input.value} input={input}>
                {donationTypes.find((t) => t.value === input.value)?.label}
              </ToggleOption>
            ))}
          </div>
          <ErrorList id={fields.type.errorId} errors={fields.type.errors} />
        </fieldset>
      )}

      <fieldset id={fields.amount.id} aria-describedby={fields.amount.errors ? fields.amount.errorId : undefined}>
        <legend className="text-base font-semibold text-slate-900 dark:text-white">Amount</legend>
        <div className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-5">
          {getCollectionProps(fields.amount, {
            type: "radio",
            options: presetAmounts.map(String),
            ariaAttributes: true,
          }).map((input) => (
            <ToggleOption key={input.value} input={input} onChange={clearCustomAmount}>
              £{input.value}
            </ToggleOption>
          ))}
        </div>
        <ErrorList id={fields.amount.errorId} errors={fields.amount.errors} />
        <div className="mt-4 max-w-xs">
          <label
            htmlFor={fields.customAmount.id}
            className="block text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            Custom amount (£)
          </label>
          <div className="relative">
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 left-3 mt-1 flex items-center text-slate-700 dark:text-slate-300"
            >
              £
            </span>
            <input
              key={customKey}
              {...customProps}
              inputMode="decimal"
              autoComplete="off"
              placeholder="Other amount"
              onChange={clearPreset}
              className="field-input pl-7"
            />
          </div>
          <ErrorList id={fields.customAmount.errorId} errors={fields.customAmount.errors} />
        </div>
      </fieldset>

      <fieldset className="space-y-5">
        <legend className="text-base font-semibold text-slate-900 dark:text-white">Your details</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField meta={fields.firstName} label="First name" autoComplete="given-name" />
          <TextField meta={fields.lastName} label="Last name" autoComplete="family-name" />
          <TextField meta={fields.email} label="Email address" type="email" autoComplete="email" />
          <TextField meta={fields.phone} label="Phone number" type="tel" autoComplete="tel" optional />
        </div>
        {singleGift ? null : (
          <>
            <CheckboxField meta={fields.inHonour} label="This donation is in honour or in memory of someone" />
            <TextField
              meta={fields.honoreeName}
              label="If so, their name"
              autoComplete="off"
              optional
              hint="We record it with your gift and will not contact them."
            />
          </>
        )}
      </fieldset>

      <GiftAidFields fields={fields} words={words.declaration} />

      {cardPayments ? (
        <fieldset id={fields.payBy.id}>
          <legend className="text-base font-semibold text-slate-900 dark:text-white">How would you like to pay?</legend>
          <div className="mt-3 space-y-3">
            {getCollectionProps(fields.payBy, {
              type: "radio",
              options: payByOptions.map((o) => o.value),
              ariaAttributes: true,
            }).map(({ key, ...input }) => {
              const option = payByOptions.find((o) => o.value === input.value)!;
              return (
                <label
                  key={key}
                  className={input.value === "direct-debit" ? "choice-card monthly-only" : "choice-card"}
                >
                  <input
                    {...input}
                    className="mt-1 h-4 w-4 accent-brand-700"
                    aria-describedby={[input["aria-describedby"], `pay-by-${input.value}-hint`]
                      .filter(Boolean)
                      .join(" ")}
                  />
                  <span>
                    <span className="block font-semibold text-slate-900 dark:text-white">{option.label}</span>
                    <span
                      id={`pay-by-${input.value}-hint`}
                      className="block text-sm text-slate-700 dark:text-slate-300"
                    >
                      {option.hint}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
          <ErrorList id={fields.payBy.errorId} errors={fields.payBy.errors} />
          <section
            aria-labelledby="dd-guarantee-heading"
            className="monthly-only mt-4 rounded-md border border-slate-300 p-4 text-sm text-slate-800 dark:border-slate-600 dark:text-slate-200"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h3 id="dd-guarantee-heading" className="font-semibold text-slate-900 dark:text-white">
                {directDebitGuarantee.heading}
              </h3>
              {/* The scheme's name as text where its logo would be (app/content/direct-debit.ts, directDebitMark). */}
              <span className="rounded border-2 border-slate-900 px-2 py-0.5 font-bold tracking-tight text-slate-900 dark:border-white dark:text-white">
                {directDebitMark}
              </span>
            </div>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {directDebitGuarantee.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </section>
        </fieldset>
      ) : null}

      <div>
        <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">
          {cardPayments ? cardPaymentNote : paymentNote}
        </p>
        <button type="submit" className="btn-donate w-full py-3 text-base sm:w-auto sm:px-10" disabled={busy}>
          {busy ? (cardPayments ? "Please wait..." : "Recording your pledge...") : "Donate"}
        </button>
      </div>
    </Form>
  );
}
