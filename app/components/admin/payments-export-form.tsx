import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ErrorSummary } from "~/components/ui/error-summary";
import { TextField } from "~/components/ui/form";
import { paymentsExportSchema } from "~/giving/schemas/donations";
import { adminPaths } from "~/utils/admin-paths";

/**
 * The payments CSV, all of it or the payments received between two days (both inclusive). A
 * plain GET form, so the browser downloads the file with or without JavaScript; with it, the
 * dates are checked here first (the server checks them again and answers 400 when wrong).
 */
export function PaymentsExportForm() {
  const [form, fields] = useForm({
    id: "payments-export",
    constraint: getZodConstraint(paymentsExportSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: paymentsExportSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="payments-export-heading" className="mt-10">
      <h3 id="payments-export-heading" className="text-xl font-semibold">
        Export payments
      </h3>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        One row per payment, by the day the money was received. Leave both dates empty for every payment.
      </p>
      <ErrorSummary form={form} />
      <form
        method="get"
        action={adminPaths.paymentsExport}
        {...getFormProps(form)}
        className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
      >
        <TextField meta={fields.from} label="Received from" type="date" optional />
        <TextField meta={fields.to} label="Received to" type="date" optional />
        <button type="submit" className="btn-secondary sm:mt-7">
          Export payments (CSV)
        </button>
      </form>
    </section>
  );
}
