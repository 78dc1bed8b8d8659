// Long because the donate page is the site's most important form: its loader and action, the
// form with amounts, the monthly choice, Gift Aid with the home address and the card or bank
// choice, all working without JavaScript, with the side boxes around it.
import { useIsPending } from "~/utils/pending";
import type { PageCacheHandle } from "~/infra/page-cache.server";
import { getCollectionProps, getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { ChangeEvent, ReactNode } from "react";
import { BankDetailsList } from "~/components/bank-details";
import { useCharity } from "~/components/charity";
import { CheckboxField, ErrorList, FormError, Honeypot, TextField } from "~/components/ui/form";
import {
  cardPaymentNote,
  donateHero,
  donationTypes,
  giftAid,
  monthlyNote,
  paymentNote,
  payByOptions,
  presetAmounts,
  reasonsToDonate,
  valueExamples,
} from "~/content/donate";
import { site } from "~/content/site";
import { donateYearsOfImpact } from "~/content/statistics";
import { GiftAidFields } from "~/components/gift-aid/gift-aid-fields";
import { donationSchema, type DonationInput } from "~/schemas/donation";
import { donationRules } from "~/schemas/field-rules";
import { browserValidation, lazyCrossField } from "~/utils/browser-validation";
import { submitPledge } from "~/services/pledges.server";
import { checkoutOrFallback } from "~/services/card-gifts.server";
import { stripeEnabled } from "~/infra/stripe.server";
import { handlePublicForm } from "~/routes/_glue/public-form.server";
import { pageMeta } from "~/utils/meta";
import { charityRegister } from "~/utils/charity-numbers";
import { CardGrid, CardItem, PageSection, Panel } from "~/components/ui/panel";
import { PageBanner } from "~/components/page-banner";

/** Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts). */
export const handle: PageCacheHandle = { pageCache: true };

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Donate",
    description: `Make a difference today: give once or monthly to ${site.name}. 100% of donations go to our projects.`,
  });

/** Whether the form offers "Pay now by card" (Stripe configured); the same for every visitor, so cacheable. */
export async function loader() {
  return json({ cardPayments: stripeEnabled() });
}

export async function action({ request }: ActionFunctionArgs) {
  return handlePublicForm(request, {
    schema: donationSchema,
    async onValid({
      type,
      payBy,
      amountPence,
      firstName,
      lastName,
      email,
      phone,
      inHonour,
      honoreeName,
      giftAidDeclaration,
    }) {
      // Card is the default when offered; without Stripe the choice does not exist.
      const card = stripeEnabled() && payBy !== "bank";
      const pledge = await submitPledge({
        type,
        amountPence,
        firstName,
        lastName,
        email,
        phone,
        inHonour,
        honoreeName: honoreeName || null,
        giftAidDeclaration,
        payBy: card ? "card" : "bank",
      });
      // A 303 to Stripe's hosted page (with JavaScript, Remix follows it as a document
      // navigation, since it is on another origin). The amount comes from the pledge.
      if (card) return redirect(await checkoutOrFallback(pledge), 303);
      return redirect(`/donate/thank-you/${pledge.reference}`, 303);
    },
  });
}

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
    <label className="relative flex cursor-pointer items-center justify-center rounded-md border border-slate-400 bg-white px-4 py-2.5 text-center font-semibold text-slate-900 hover:border-brand-600 has-checked:border-brand-700 has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:has-checked:border-brand-300 dark:has-checked:bg-brand-300 dark:has-checked:text-slate-950">
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
const crossField = lazyCrossField(() => import("~/schemas/donation-rules").then((rules) => rules.donationIssues));
const checks = browserValidation<DonationInput>(donationRules, crossField.check, { serverAnswersSubmit: true });

function DonationForm({ cardPayments }: { cardPayments: boolean }) {
  const actionData = useActionData<typeof action>();
  const busy = useIsPending({ formAction: "/donate" });
  const [form, fields] = useForm({
    id: "donate",
    lastResult: actionData?.result,
    defaultValue: { type: "one-time", payBy: "card" },
    ...checks,
  });

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
      <FormError id={form.errorId} errors={form.errors} />
      <Honeypot />

      <fieldset>
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

      <fieldset aria-describedby={fields.amount.errors ? fields.amount.errorId : undefined}>
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
        <CheckboxField meta={fields.inHonour} label="This donation is in honour or in memory of someone" />
        <TextField
          meta={fields.honoreeName}
          label="If so, their name"
          autoComplete="off"
          optional
          hint="We record it with your gift and will not contact them."
        />
      </fieldset>

      <GiftAidFields fields={fields} />

      {cardPayments ? (
        <fieldset>
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
                  className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-300 p-3 has-checked:border-brand-700 dark:border-slate-600 dark:has-checked:border-brand-300"
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

export default function Donate() {
  const charity = useCharity();
  const { cardPayments } = useLoaderData<typeof loader>();
  return (
    <>
      <PageBanner title={donateHero.title} lead={donateHero.lead}>
        <p className="mt-6 flex flex-wrap gap-x-8 gap-y-2 font-semibold">
          <span>100% of donations go to projects</span>
          <span>{donateYearsOfImpact} years of impact</span>
        </p>
      </PageBanner>

      <div className="container-page grid gap-10 py-12 lg:grid-cols-3">
        <Panel title="Your donation" large className="lg:col-span-2">
          <DonationForm cardPayments={cardPayments} />
        </Panel>

        <div className="space-y-6">
          <Panel title="What your gift can do">
            <ul className="space-y-4">
              {valueExamples.map((example) => (
                <li key={example.title} className="flex gap-4">
                  <span className="w-16 shrink-0 text-2xl font-bold text-brand-700 dark:text-brand-300">
                    £{example.amount}
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900 dark:text-white">{example.title}</span>
                    {example.description}
                  </span>
                </li>
              ))}
            </ul>
          </Panel>
          <Panel title={giftAid.title}>
            <p>{giftAid.text}</p>
            <p className="mt-2">{giftAid.example}</p>
            <p className="mt-2 text-sm">{giftAid.howTo}</p>
          </Panel>
        </div>
      </div>

      <PageSection
        id="why-donate"
        title="Why donate?"
        className="bg-slate-50 py-12 dark:bg-slate-900"
        headingClassName="text-2xl font-bold text-slate-900 dark:text-white"
      >
        <CardGrid className="mt-6">
          {reasonsToDonate.map((reason) => (
            <CardItem
              key={reason.title}
              title={reason.title}
              text={reason.description}
              surface="bg-white dark:bg-slate-950"
            />
          ))}
        </CardGrid>
      </PageSection>

      <div className="container-page grid gap-6 py-12 md:grid-cols-2">
        <Panel title="Bank transfer">
          <p className="mb-4">You can also give directly by bank transfer or standing order to:</p>
          <BankDetailsList />
          <p className="mt-4 text-sm">{monthlyNote}</p>
        </Panel>
        <Panel title="About the charity">
          <p>
            {charity.name} is a registered charity in {charityRegister(charity.charityNumber)}. Registered charity
            number <strong className="text-slate-900 dark:text-white">{charity.charityNumber}</strong>.
          </p>
          <p className="mt-2">
            Questions about giving? Write to{" "}
            <a href={`mailto:${charity.email}`} className="link">
              {charity.email}
            </a>
            .
          </p>
        </Panel>
      </div>
    </>
  );
}
