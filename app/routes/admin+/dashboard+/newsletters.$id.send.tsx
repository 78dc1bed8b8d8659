import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { BackLink } from "~/components/admin/back-link";
import { site } from "~/content/site";
import { requestLogger } from "~/infra/logger.server";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { confirmedRecipientCount, requireNewsletter, sendNewsletter } from "~/publishing/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Send the newsletter", description: `Send a newsletter of ${site.name}.`, noindex: true });

/** The confirmation: what goes out, to how many. Sending is the POST (never a GET). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "newsletters");
  const newsletter = await requireNewsletter(params.id);
  if (newsletter.status === "sent") return redirect(adminPaths.newsletter(newsletter.id));
  return json({
    id: newsletter.id,
    subject: newsletter.subject,
    recipients: await confirmedRecipientCount(),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await staffAction(request, "newsletters", { body: false });
  const newsletter = await requireNewsletter(params.id);
  const result = await sendNewsletter(newsletter.id, user.username);
  requestLogger(request, "routes/admin+/dashboard+/newsletters.$id.send", { user_id: user.id }).info(
    { event: "newsletter.send_pressed", newsletter_id: newsletter.id, outcome: result.outcome },
    "Newsletter send",
  );
  return savedRedirect(
    adminPaths.newsletter(newsletter.id),
    result.outcome === "queued" ? "newsletter-sent" : "newsletter-already-sent",
  );
}

export default function SendNewsletter() {
  const { id, subject, recipients } = useLoaderData<typeof loader>();
  const sending = useNavigation().state === "submitting";
  const people = `${recipients} confirmed ${recipients === 1 ? "subscriber" : "subscribers"}`;
  return (
    <>
      <BackLink to={adminPaths.newsletter(id)}>Back to the newsletter</BackLink>
      <h2 className="mt-4 text-2xl font-semibold break-words">Send “{subject}”?</h2>
      <p className="mt-3">
        It goes to <strong>{people}</strong> now, each with their own unsubscribe link, and becomes public on the
        website’s newsletter archive. It cannot be changed or sent again afterwards.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Form method="post">
          <button type="submit" className="btn-primary" disabled={sending}>
            {sending ? "Sending..." : `Send to ${people}`}
          </button>
        </Form>
        <Link to={adminPaths.newsletter(id)} className="btn-secondary">
          Cancel
        </Link>
      </div>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
