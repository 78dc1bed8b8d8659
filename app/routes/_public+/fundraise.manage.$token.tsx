import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { fundraiseCopy, pageStatusLabels } from "~/content/appeals";
import {
  fundraisePath,
  json,
  pageOfManageToken,
  TOKEN_PAGE_HEADERS,
} from "~/routes/_glue/fundraise-manage-page.server";
import { pageMeta } from "~/utils/meta";
import { formatPence } from "~/utils/money";

// The page the owner's e-mail links to: the signed link is the key (no account). It shows where
// the page stands (waiting for review, changes asked for with staff's message, public, rejected,
// taken down) and, once public, its address. Never cached nor indexed (the address is a credential).

export async function loader({ params }: LoaderFunctionArgs) {
  const found = await pageOfManageToken(params.token ?? "");
  if (!found.ok) {
    return json({ ok: false as const, status: found.status }, { status: found.status, headers: TOKEN_PAGE_HEADERS });
  }
  const { page } = found;
  return json(
    {
      ok: true as const,
      title: page.title,
      status: page.status,
      staffMessage: page.staffMessage,
      targetPence: page.targetPence,
      publicPath: page.status === "approved" ? fundraisePath(page.slug) : null,
    },
    { headers: TOKEN_PAGE_HEADERS },
  );
}

export const headers: HeadersFunction = () => TOKEN_PAGE_HEADERS;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: fundraiseCopy.manageHeading, description: "Your fundraising page.", noindex: true }, matches);

export default function ManageFundraisingPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="container-page max-w-3xl py-12">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{fundraiseCopy.manageHeading}</h1>
      {!data.ok ? (
        <p className="mt-4">
          {data.status === 410
            ? "This link has expired. Write to us and we will send you a new one."
            : "This link is not valid. Please use the link in our e-mail as it was sent."}
        </p>
      ) : (
        <dl className="mt-6 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">Page</dt>
          <dd className="break-words">{data.title}</dd>
          <dt className="font-semibold">Target</dt>
          <dd>{formatPence(data.targetPence)}</dd>
          <dt className="font-semibold">State</dt>
          <dd>{pageStatusLabels[data.status]}</dd>
          {data.staffMessage ? (
            <>
              <dt className="font-semibold">Our team's message</dt>
              <dd className="whitespace-pre-line">{data.staffMessage}</dd>
            </>
          ) : null}
          {data.publicPath ? (
            <>
              <dt className="font-semibold">Its address</dt>
              <dd>
                <Link to={data.publicPath} className="link">
                  {data.publicPath}
                </Link>
              </dd>
            </>
          ) : null}
        </dl>
      )}
    </div>
  );
}
