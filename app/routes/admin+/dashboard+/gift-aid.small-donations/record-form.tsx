import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { SelectField, TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/error-summary";
import {
  PLACE_MAX_LENGTH,
  recordSmallDonationSchema,
  smallDonationKindLabels,
  smallDonationMethodLabels,
} from "~/gift-aid/schemas/small-donations";

/** Record a cash or contactless gift, or a collection. */
export function RecordForm({
  today,
  lastResult,
}: {
  today: string;
  /** The action's answer to the last post, if any. */
  lastResult: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm({
    id: "record-small-donation",
    lastResult,
    defaultValue: { collectedOn: today, method: "cash", kind: "gift" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: recordSmallDonationSchema(today) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 grid max-w-3xl gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="record" />
      <ErrorSummary form={form} />
      <TextField meta={fields.collectedOn} label="Date collected" type="date" />
      <TextField meta={fields.amount} label="Amount (£)" inputMode="decimal" hint="Like 25 or 25.50" />
      <SelectField
        meta={fields.method}
        label="How it was given"
        options={Object.entries(smallDonationMethodLabels).map(([value, label]) => ({ value, label }))}
      />
      <SelectField
        meta={fields.kind}
        label="What it is"
        options={Object.entries(smallDonationKindLabels).map(([value, label]) => ({ value, label }))}
      />
      <TextField
        meta={fields.place}
        label="Where"
        className="sm:col-span-2"
        hint={`For example: Charity gala. At most ${PLACE_MAX_LENGTH} characters.`}
      />
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary">
          Record the small donation
        </button>
      </div>
    </Form>
  );
}
