import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ConfirmForm } from "~/components/admin/confirm-form";
import { ErrorSummary } from "~/components/ui/form";
import { PersonalDataSections } from "~/components/admin/personal-data";
import { dangerButtonClass } from "~/components/admin/styles";
import { privacyRequestMessages } from "~/content/privacy-requests";
import { site } from "~/content/site";
import { parsePrivacyEmail } from "~/supporters/schemas/privacy";
import { addressesFor, findPersonalData, holdsAnything } from "~/supporters/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { pageMeta } from "~/utils/meta";
import { takeFlash } from "~/site/index.server";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Privacy requests", description: `Privacy requests to ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "privacy");
  const params = new URL(request.url).searchParams;
  const raw = params.get("email");
  if (raw === null) return json({ email: "", error: null, data: null, held: false, erased: null, addresses: [] });
  const parsed = parsePrivacyEmail(raw);
  if (!parsed.ok) {
    return json(
      { email: raw, error: parsed.error, data: null, held: false, erased: null, addresses: [] as string[] },
      { status: 400 },
    );
  }
  const data = await findPersonalData(parsed.email);
  const flash = await takeFlash(request);
  return json(
    {
      email: parsed.email,
      error: null,
      data,
      held: holdsAnything(data),
      erased: flash.message,
      // A supporter's every address (a merged supporter has several): the request covers them all.
      addresses: await addressesFor(parsed.email),
    },
    { headers: flash.headers },
  );
}

export default function PrivacyRequests() {
  const { email, error, data, held, erased, addresses } = useLoaderData<typeof loader>();
  const query = `?${new URLSearchParams({ email })}`;
  const paidKept = data?.pledges.some((p) => p.payments.length > 0) ?? false;
  return (
    <>
      <h2 className="text-2xl font-semibold">Privacy requests</h2>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{privacyRequestMessages.intro}</p>
      <ErrorSummary className="mt-6" problems={error ? [{ message: error, fieldId: "privacy-email" }] : undefined} />
      <Form method="get" action={adminPaths.privacy} className="mt-6 flex flex-wrap items-end gap-3" noValidate>
        <div className="min-w-64 flex-1 sm:max-w-md">
          <label htmlFor="privacy-email" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            E-mail address
          </label>
          <input
            id="privacy-email"
            type="email"
            name="email"
            defaultValue={email}
            required
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "privacy-email-error" : undefined}
            className="field-input"
          />
          {error ? (
            <p id="privacy-email-error" className="field-error">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn-primary">
          Find
        </button>
      </Form>

      {data ? (
        <section aria-labelledby="privacy-results" className="mt-8">
          <h3 id="privacy-results" className="text-xl font-semibold break-all">
            Held for {email}
          </h3>
          {erased ? (
            <p
              role="status"
              className="mt-3 rounded-md border border-green-300 bg-green-50 p-3 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
            >
              {erased}
            </p>
          ) : null}
          {held ? (
            <>
              {addresses.length > 1 ? (
                <p className="mt-2 max-w-3xl break-all text-slate-700 dark:text-slate-300">
                  The same supporter, so this request covers all of their addresses: {addresses.join(", ")}.
                </p>
              ) : null}
              <PersonalDataSections data={data} />
              {paidKept ? <p className="mt-6 max-w-3xl font-medium">{privacyRequestMessages.paidPledgesKept}</p> : null}
              <div className="mt-6 flex flex-wrap gap-3">
                <a href={`${adminPaths.privacyExport}${query}`} className="btn-secondary" download>
                  Download as JSON
                </a>
                <ConfirmForm
                  action={adminPaths.privacyErase}
                  question={privacyRequestMessages.eraseConfirmation}
                  hidden={{ email }}
                >
                  <button type="submit" className={dangerButtonClass}>
                    Erase
                  </button>
                </ConfirmForm>
              </div>
            </>
          ) : (
            <p className="mt-3">{privacyRequestMessages.nothingHeld}</p>
          )}
        </section>
      ) : null}
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
