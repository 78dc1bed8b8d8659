import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { IntentForm } from "~/components/admin/intent-form";
import { ActionNotice } from "~/components/admin/notice";
import { StaffPageTitle } from "~/components/admin/page-title";
import { RowActionForm } from "~/components/admin/row-action";
import { StaffTable, listCell, listRow } from "~/components/admin/table";
import { TextField } from "~/components/ui/form";
import { site } from "~/content/site";
import {
  addRedirect,
  RedirectRefusal,
  redirectRemovalWarning,
  removeRedirect,
  staffRedirectList,
} from "~/publishing/index.server";
import { LinkWarning, type LinkWarningData } from "~/components/admin/link-warning";
import { CONFIRM_LINKS_FIELD } from "~/publishing/schemas/redirects";
import { redirectFormSchema } from "~/publishing/schemas/redirects";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { takeFlash } from "~/site/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatLongDateTime } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";
import { parseRecordId } from "~/utils/record-id";

// Redirects (issue 52): public addresses that moved answer 301 with the new one. A renamed
// project adds its own; staff add others (an old page's address) and remove any.

export const meta: MetaFunction = () =>
  pageMeta({ title: "Redirects", description: `Addresses of ${site.name} that moved.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "redirects");
  const flash = await takeFlash(request);
  const redirects = await staffRedirectList();
  return json(
    {
      flash: flash.message,
      redirects: redirects.map((r) => ({
        id: r.id,
        from: r.fromPath,
        to: r.toPath,
        origin: r.origin,
        createdBy: r.createdBy,
        createdAt: r.createdAt,
      })),
    },
    { headers: flash.headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, form } = await staffAction(request, "redirects");
  if (form.get("intent") === "remove") {
    const id = parseRecordId(String(form.get("id") ?? ""));
    try {
      if (id === null) throw new RedirectRefusal("This redirect no longer exists", 404);
      // Published pages that link to its old address would lead nowhere: listed, to confirm first.
      const linkWarning = await redirectRemovalWarning(id, form.get(CONFIRM_LINKS_FIELD));
      if (linkWarning) return json({ result: null, removeError: null, linkWarning, id }, { status: 409 });
      await removeRedirect(id, user);
    } catch (error) {
      if (error instanceof RedirectRefusal) return json({ result: null, removeError: error.message }, { status: 404 });
      throw error;
    }
    return savedRedirect(adminPaths.redirects, "redirect-removed");
  }
  const submission = parseWithZod(form, { schema: redirectFormSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), removeError: null }, { status: 400 });
  try {
    await addRedirect(submission.value, user);
  } catch (error) {
    if (error instanceof RedirectRefusal) {
      const field = /loop|itself/.test(error.message) ? "to" : "from";
      return json(
        { result: submission.reply({ fieldErrors: { [field]: [error.message] } }), removeError: null },
        { status: error.status },
      );
    }
    throw error;
  }
  return savedRedirect(adminPaths.redirects, "redirect-added");
}

const originWords = { automatic: "Address changed", staff: "Added by staff" } as const;

export default function Redirects() {
  const { redirects, flash } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: redirectFormSchema }),
  });
  const notice = actionData?.removeError
    ? { ok: false, message: actionData.removeError }
    : flash
      ? { ok: true, message: flash }
      : null;
  return (
    <>
      <StaffPageTitle title="Redirects" />
      <ActionNotice notice={notice} />
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
        An address here answers visitors and search engines with a permanent redirect (301) to its new address, so a
        shared link never breaks. Changing a project&rsquo;s address adds one by itself. A redirect never leads to
        itself or round in a loop, and a live page&rsquo;s address cannot be redirected away.
      </p>
      <section aria-labelledby="add-redirect-heading" className="mt-6">
        <h3 id="add-redirect-heading" className="text-lg font-semibold">
          Add a redirect
        </h3>
        <IntentForm
          form={form}
          intent="add"
          className="mt-3 max-w-3xl"
          note="Addresses on this site only, starting with /, e.g. /projects/old-name."
        >
          <TextField meta={fields.from} label="Old address" autoComplete="off" className="flex-1" />
          <TextField meta={fields.to} label="New address" autoComplete="off" className="flex-1" />
          <button type="submit" className="btn-primary sm:mt-6">
            Add redirect
          </button>
        </IntentForm>
      </section>
      {actionData && "linkWarning" in actionData ? (
        <>
          <Form id="remove-redirect" method="post">
            <input type="hidden" name="id" value={actionData.id} />
          </Form>
          <LinkWarning
            linkWarning={actionData.linkWarning as LinkWarningData}
            formId="remove-redirect"
            intent="remove"
          />
        </>
      ) : null}
      <StaffTable
        className="mt-8"
        caption="Redirects"
        stacked
        columns={[
          "Old address",
          "New address",
          "Why",
          "Added",
          { label: <span className="sr-only">Remove</span>, key: "remove" },
        ]}
        empty="No redirects yet."
      >
        {redirects.map((r) => (
          <tr key={r.id} className={listRow}>
            <td className={`${listCell} break-all`} data-label="Old address">
              {r.from}
            </td>
            <td className={`${listCell} break-all`} data-label="New address">
              <a href={r.to} className="link">
                {r.to}
              </a>
            </td>
            <td className={listCell} data-label="Why">
              {originWords[r.origin]}
            </td>
            <td className={listCell} data-label="Added">
              <span>
                <time dateTime={r.createdAt}>{formatLongDateTime(r.createdAt)}</time>
                {r.createdBy ? ` by ${r.createdBy}` : ""}
              </span>
            </td>
            <td className={listCell}>
              <RowActionForm post={{ intent: "remove", id: r.id }} verb="Remove" what={`the redirect from ${r.from}`} />
            </td>
          </tr>
        ))}
      </StaffTable>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
