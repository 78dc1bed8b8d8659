import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { eventsPage } from "~/content/events";
import {
  BookingRefused,
  json,
  offerDetails,
  orderPath,
  redirect,
  refuseCrossSite,
  takeOffer,
} from "~/routes/_imports/event-order-page.server";
import { pageMeta } from "~/utils/meta";

// A waiting-list offer's link: the place held for this person until the offer ends, and a
// button to take it (Checkout for a paid ticket, booked at once for a free one).

export async function loader({ params }: LoaderFunctionArgs) {
  const offer = await offerDetails(params.token ?? "");
  return json({ offer }, { status: offer ? 200 : 410, headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  refuseCrossSite(request);
  try {
    const outcome = await takeOffer(params.token ?? "");
    return redirect(outcome.kind === "checkout" ? outcome.url : orderPath(params.slug ?? "", outcome.reference), 303);
  } catch (error) {
    if (error instanceof BookingRefused) return json({ error: error.message }, { status: error.status });
    throw error;
  }
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: eventsPage.offerTitle, description: "A place held for you.", noindex: true }, matches);

export default function Offer() {
  const { offer } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="container-page py-12">
      <div className="max-w-2xl">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{eventsPage.offerTitle}</h1>
        {actionData?.error ? (
          <p role="alert" className="mt-4 text-lg">
            {actionData.error}
          </p>
        ) : null}
        {offer ? (
          <>
            <p className="mt-4 text-lg">
              {offer.title}: {offer.places} × {offer.ticketType} ({offer.price})
            </p>
            <p className="mt-2">{eventsPage.offerText(offer.until)}</p>
            <Form method="post" className="mt-6">
              <button type="submit" className="btn-primary">
                {offer.places === 1 ? "Take the place" : `Take the ${offer.places} places`}
              </button>
            </Form>
          </>
        ) : (
          <p className="mt-4 text-lg">{eventsPage.offerGone}</p>
        )}
      </div>
    </div>
  );
}
