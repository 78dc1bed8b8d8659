import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { HomeAddressFields } from "~/components/gift-aid/gift-aid-fields";
import { GivingConfirmPage, givingMeta } from "~/components/giving/confirm-page";
import { ErrorSummary } from "~/components/ui/error-summary";
import { TextField } from "~/components/ui/form";
import {
  donorDetailsSchema,
  donorForm,
  donorPage,
  getDonorDetails,
  giftAidForm,
  GIVING_HEADERS,
  givingWords,
  updateDonorDetails,
} from "~/routes/_glue/giving-page.server";
import { donorDetailsRules } from "~/supporters/schemas/donor-details-rules";
import { browserValidation } from "~/schemas/field-rules";
import { getFormProps, useForm } from "~/utils/light-form";

// The donor changes their name and home address at Your giving: a light form (no zod in the
// page), checked by the donate form's own rules (HMRC's limits, a UK postcode) in the browser
// and again by the server. Their declarations keep the address they were made with.

export function loader({ request }: LoaderFunctionArgs) {
  return donorPage(request, async (supporterId) => ({
    details: await getDonorDetails(supporterId),
    labels: giftAidForm.labels,
    // The words come as data: in the page's JavaScript all of Your giving's words cost 2.2 KB.
    words: {
      title: givingWords.detailsTitle,
      intro: givingWords.detailsIntro,
      button: givingWords.detailsButton,
      keep: givingWords.declareKeep,
    },
  }));
}

export function action({ request }: ActionFunctionArgs) {
  return donorForm(request, donorDetailsSchema, updateDonorDetails, "giving-details-saved");
}

export const headers: HeadersFunction = () => GIVING_HEADERS;

export const meta = givingMeta();

// The browser checks the names; the address (the donate form's rules, 2.4 KB of JavaScript for a
// page few donors open) is checked by the server, which shows its answers field by field.
const checks = browserValidation(donorDetailsRules);

export default function DonorDetails() {
  const { details, labels, words } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const [form, fields] = useForm({
    id: "giving-details",
    lastResult,
    defaultValue: { ...details, title: details.title ?? "" },
    ...checks,
  });
  return (
    <GivingConfirmPage
      title={words.title}
      lead={words.intro}
      confirm={words.button}
      keep={words.keep}
      form={getFormProps(form)}
    >
      <ErrorSummary form={form} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField meta={fields.firstName} label={donorDetailsRules.firstName.label} autoComplete="given-name" />
        <TextField meta={fields.lastName} label={donorDetailsRules.lastName.label} autoComplete="family-name" />
      </div>
      <HomeAddressFields fields={fields} labels={labels} />
    </GivingConfirmPage>
  );
}
