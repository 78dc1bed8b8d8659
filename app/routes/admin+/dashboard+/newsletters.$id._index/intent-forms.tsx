import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { IntentForm } from "~/components/admin/intent-form";
import { TextField } from "~/components/ui/form";
import { newsletterScheduleSchema, newsletterTestSchema } from "~/publishing/schemas/newsletter-issues";
import { toLondonLocal } from "~/utils/dates";

// The newsletter page's two small forms, each posted with its own intent; `lastResult` is the
// action's answer when it was for that intent.

type LastResult = SubmissionResult<string[]> | null | undefined;

/** Send a test of the newsletter to one address. */
export function TestForm({ staffEmail, lastResult }: { staffEmail: string; lastResult: LastResult }) {
  const [form, fields] = useForm({
    id: "newsletter-test",
    lastResult,
    defaultValue: { to: staffEmail },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newsletterTestSchema }),
    shouldValidate: "onBlur",
  });
  return (
    <IntentForm
      form={form}
      intent="test"
      note={
        <>
          Filled in with your account&apos;s address (or, when your account has none, the address staff alerts go to).
          The test goes to this one address only, marked “[Test]”.
        </>
      }
    >
      <TextField meta={fields.to} label="Your e-mail address" type="email" autoComplete="email" className="flex-1" />
      <button type="submit" className="btn-secondary sm:mt-7">
        Send me a test
      </button>
    </IntentForm>
  );
}

/** Schedule the newsletter (UK time), or change its time. */
export function ScheduleForm({ scheduledAt, lastResult }: { scheduledAt: string | null; lastResult: LastResult }) {
  const [form, fields] = useForm({
    id: "newsletter-schedule",
    lastResult,
    defaultValue: { send_at: scheduledAt ? toLondonLocal(scheduledAt) : "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newsletterScheduleSchema }),
    shouldValidate: "onBlur",
  });
  return (
    <IntentForm form={form} intent="schedule" className="mt-4 max-w-xl">
      <TextField meta={fields.send_at} label="Send at (UK time)" type="datetime-local" className="flex-1" />
      <button type="submit" className="btn-secondary sm:mt-7">
        {scheduledAt ? "Change the time" : "Schedule"}
      </button>
    </IntentForm>
  );
}
