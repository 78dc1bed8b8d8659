import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GivingLinkForm } from "~/components/giving/link-form";
import { PageBanner } from "~/components/page-banner";
import { givingLinkWords as words } from "~/content/giving-link";
import {
  DonorPortalError,
  getDonorSupporterId,
  GIVING_HEADERS,
  givingLinkSchema,
  handlePublicForm,
  json,
  pageHeaders,
  redirect,
  requestDonorLink,
  takeFlash,
} from "~/routes/_glue/giving-page.server";
import { givingPaths } from "~/utils/giving-paths";
import { pageMeta } from "~/utils/meta";

// Your giving: the page asks for an e-mail address and always answers the same; the e-mailed
// link signs the donor in to their own page (/giving/account). Never cached nor indexed: the
// answer to a post is about a person (docs/decisions/0028-your-giving.md).

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: words.title, description: words.description, noindex: true }, matches);

/** A refused post (429) keeps its Retry-After on the page shown without JavaScript. */
export const headers: HeadersFunction = (args) => pageHeaders(args, GIVING_HEADERS);

export async function loader({ request }: LoaderFunctionArgs) {
  // Signed in already: their own page.
  if ((await getDonorSupporterId(request)) !== null) {
    return redirect(givingPaths.account, { status: 303, headers: GIVING_HEADERS });
  }
  const flash = await takeFlash(request, "giving");
  return json({ notice: flash.message }, { headers: { ...GIVING_HEADERS, ...flash.headers } });
}

export async function action({ request }: ActionFunctionArgs) {
  return handlePublicForm(request, {
    schema: givingLinkSchema,
    errorData: { sent: false },
    async onValid({ email }, submission) {
      try {
        await requestDonorLink(email, request);
      } catch (error) {
        if (!(error instanceof DonorPortalError)) throw error;
        const retry: Record<string, string> =
          error.retryAfterSeconds === undefined ? {} : { "Retry-After": String(error.retryAfterSeconds) };
        return json(
          { result: submission.reply({ formErrors: [error.message] }), sent: false },
          { status: error.status, headers: { ...GIVING_HEADERS, ...retry } },
        );
      }
      // The same answer whether or not we hold gifts for the address.
      return json(
        { result: submission.reply({ resetForm: true }), sent: true, email: email.trim() },
        { headers: GIVING_HEADERS },
      );
    },
  });
}

export default function Giving() {
  const { notice } = useLoaderData<typeof loader>();
  return (
    <>
      <PageBanner title={words.title} lead={words.lead} />
      <div className="container-page py-10">
        {notice ? (
          <p role="status" className="mb-6 font-medium text-brand-800 dark:text-brand-200">
            {notice}
          </p>
        ) : null}
        <GivingLinkForm />
      </div>
    </>
  );
}
