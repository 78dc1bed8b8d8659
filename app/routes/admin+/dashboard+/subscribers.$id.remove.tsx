import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { dangerButtonClass } from "~/components/admin/styles";
import { site } from "~/content/site";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { removeSubscriber, requireSubscriber } from "~/publishing/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { pageMeta } from "~/utils/meta";
import { invariantResponse } from "~/utils/http";

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Remove subscriber",
    description: `Remove a newsletter subscriber of ${site.name}.`,
    noindex: true,
  });

// A confirmation page: the same with and without JavaScript, nothing removed by a GET.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "subscribers");
  const subscriber = await requireSubscriber(params.id);
  return json({ subscriber: { id: subscriber.id, email: subscriber.email } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, form } = await staffAction(request, "subscribers");
  const subscriber = await requireSubscriber(params.id);
  if (form.get("confirmed") !== "yes") return redirect(adminPaths.removeSubscriber(subscriber.id), 303);
  invariantResponse(
    await removeSubscriber(subscriber.id, user.username),
    "There is no subscriber with this number. They may have been removed.",
  );
  return redirect(adminPaths.subscribers, 303);
}

export default function RemoveSubscriber() {
  const { subscriber } = useLoaderData<typeof loader>();
  return (
    <>
      <h2 className="text-2xl font-semibold">Remove subscriber</h2>
      <p className="mt-4">
        Remove <strong className="break-all">{subscriber.email}</strong> from the newsletter list? Their consent history
        and any message still waiting to be sent to them are deleted too. This cannot be undone.
      </p>
      <Form method="post" className="mt-6 flex flex-wrap gap-3">
        <input type="hidden" name="confirmed" value="yes" />
        <Link to={adminPaths.subscriber(subscriber.id)} className="btn-secondary">
          Cancel
        </Link>
        <button type="submit" className={dangerButtonClass}>
          Remove
        </button>
      </Form>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
